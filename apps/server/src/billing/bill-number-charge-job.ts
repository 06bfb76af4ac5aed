import { z } from 'zod';
import { defineJob } from '../job-deps';
import type { JobAddress } from '../platform/queue/define-job';
import { billingInForce } from './billing-providers';
import { billNumberCharge } from './bill-number-charge';

/** The job's name and payload, apart from its handler: a number's add and the monthly sweep queue it. */
export const billNumberChargeAddress = {
  name: 'billing.bill-number-charge',
  schema: z.object({ chargeId: z.number().int().positive() }),
} satisfies JobAddress;

/**
 * Hands a month of a number beyond the plan to the payment provider as an item of the next invoice (decision 112).
 * Retried while the provider cannot be reached; billed once.
 */
export const billNumberChargeJob = defineJob({
  ...billNumberChargeAddress,
  queue: { retryLimit: 20, retryDelay: 30, retryBackoff: true },
  exclusiveKey: ({ chargeId }) => `billing.bill-number-charge:${chargeId}`,
  handler: async ({ chargeId }, { db, config, systemSettings, logger }) => {
    const outcome = await billNumberCharge(db, billingInForce({ config, systemSettings }), chargeId);
    logger.info({ chargeId, outcome }, 'number charge handed to the payment provider');
  },
});
