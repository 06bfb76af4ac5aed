import { z } from 'zod';
import { defineJob } from '../job-deps';
import type { JobAddress } from '../platform/queue/define-job';
import { billingInForce } from './billing-providers';
import { billUsageCharge } from './bill-usage-charge';

/** The job's name and payload, apart from its handler: the end of a try (faxes/end-attempt.ts) queues it. */
export const billUsageChargeAddress = {
  name: 'billing.bill-usage-charge',
  schema: z.object({ ledgerLineId: z.number().int().positive() }),
} satisfies JobAddress;

/**
 * Hands a ledger line of pages beyond the plan to the payment provider as an item of the next invoice (decision 093),
 * queued in the transaction that wrote the line. Retried while the provider cannot be reached; billed once.
 */
export const billUsageChargeJob = defineJob({
  ...billUsageChargeAddress,
  queue: { retryLimit: 20, retryDelay: 30, retryBackoff: true },
  exclusiveKey: ({ ledgerLineId }) => `billing.bill-usage-charge:${ledgerLineId}`,
  handler: async ({ ledgerLineId }, { db, config, systemSettings, logger }) => {
    const outcome = await billUsageCharge(db, billingInForce({ config, systemSettings }), ledgerLineId);
    logger.info({ ledgerLineId, outcome }, 'usage charge handed to the payment provider');
  },
});
