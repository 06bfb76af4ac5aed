import { z } from 'zod';

/**
 * How long an account keeps sending after a payment of its plan fails (decision 085): counted from the first failure
 * of a run of failures; then sending pauses until a payment goes through. Receiving never stops.
 */
export const PAYMENT_GRACE_DAYS = 7;

/** When the grace after a payment that failed at `failedAt` ends, and sending pauses. */
export const graceEndOf = (failedAt: Date): Date => new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * 86_400_000);

/**
 * GET /api/sending-pause: what the portal's banner says, for every member. The owner and Billing members
 * (who can pay) are told when the grace ends; the others only whether sending is paused.
 */
export const ZPaymentFailureResponse = z.object({
  /** Null while the account's payments go through. */
  failure: z
    .object({
      sendingPaused: z.boolean(),
      /** For those who can pay: when sending pauses (or paused). Null for the other members. */
      graceEndsAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type TPaymentFailureResponse = z.infer<typeof ZPaymentFailureResponse>;
