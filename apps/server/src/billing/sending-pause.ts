import { graceEndOf, PAYMENT_GRACE_DAYS, webPaths } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { subscriptions } from './schema';

export type PaymentFailure = { failedAt: Date; graceEndsAt: Date; sendingPaused: boolean };

/**
 * The account's unpaid run of payment failures as its provider last told it, or null: since when, when its grace
 * ends, and whether it has (decision 085). A payment that goes through clears it, and sending resumes at once.
 */
export async function paymentFailureOf(db: Database, accountId: string): Promise<PaymentFailure | null> {
  const [row] = await db
    .select({ failedAt: subscriptions.paymentFailedAt })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  return paymentFailureFrom(row?.failedAt);
}

/** The run of failures that began at `failedAt` (the subscription's `payment_failed_at`), or null when there is none. */
export function paymentFailureFrom(failedAt: Date | null | undefined): PaymentFailure | null {
  if (!failedAt) return null;
  const graceEndsAt = graceEndOf(failedAt);
  return { failedAt, graceEndsAt, sendingPaused: clock.now() >= graceEndsAt };
}

/**
 * Refuses a send once the grace after a failed payment is over, with the way out (every channel sends through
 * faxes/send-fax.ts, which asks this). Receiving is never asked: nothing received is withheld for money.
 */
export function assertSendingNotPaused(failure: PaymentFailure | null, publicUrl: string): void {
  if (failure?.sendingPaused)
    throw new AppError('permission_denied', 'errors.sendingPausedUnpaid', {
      days: PAYMENT_GRACE_DAYS,
      url: `${publicUrl}${webPaths.user.billing.path}`,
    });
}
