import { z } from 'zod';
import { singleLineText } from '../text';
import { BILLING_INTERVALS } from './billing';

/** A plan and how often to pay for it: what a paying account asks to move to. */
export const ZPlanChangeChoice = z.object({
  planId: z.string().min(1).max(100).check(singleLineText),
  interval: z.enum(BILLING_INTERVALS),
});
export type TPlanChangeChoice = z.infer<typeof ZPlanChangeChoice>;

/** When a change of plan takes effect (decision 083): an upgrade at once, prorated; a downgrade at the period's end. */
export const PLAN_CHANGE_TIMINGS = ['now', 'periodEnd'] as const;
export type TPlanChangeTiming = (typeof PLAN_CHANGE_TIMINGS)[number];

/**
 * POST /api/billing/change/preview: what the change costs now, as the provider computes it (an upgrade's prorations and
 * their total), or, for a downgrade, nothing now and the date it takes effect. Pass `amountDueCents` and `quotedAt` back
 * to POST /api/billing/change to be charged exactly this.
 */
export const ZPlanChangePreview = z.object({
  timing: z.enum(PLAN_CHANGE_TIMINGS),
  amountDueCents: z.number().int(),
  /** ISO 4217, upper case. */
  currency: z.string().length(3),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  quotedAt: z.iso.datetime(),
  startsAt: z.iso.datetime(),
});
export type TPlanChangePreview = z.infer<typeof ZPlanChangePreview>;

/** POST /api/billing/change: the change as previewed; 409 when the amount due now is no longer the one shown. */
export const ZPlanChangeRequest = ZPlanChangeChoice.extend({
  expectedAmountCents: z.number().int().min(0).max(100_000_000),
  quotedAt: z.iso.datetime(),
});
export type TPlanChangeRequest = z.infer<typeof ZPlanChangeRequest>;

/** POST /api/billing/portal: the provider's page where the owner changes the card. */
export const ZBillingPortalResponse = z.object({ url: z.url() });
export type TBillingPortalResponse = z.infer<typeof ZBillingPortalResponse>;

/** GET /api/billing/payment-method: the card the provider charges, as it says; null when it holds none. */
export const ZPaymentMethodResponse = z.object({
  card: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int(),
    })
    .nullable(),
});
export type TPaymentMethodResponse = z.infer<typeof ZPaymentMethodResponse>;
