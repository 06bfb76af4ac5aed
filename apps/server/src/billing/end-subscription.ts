import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { BillingInForce } from './billing-providers';
import { subscriptions } from './schema';

/**
 * Before an account is deleted: its subscription ends at the provider now, so that a deleted account is never charged
 * again (decision 089). When the provider cannot be reached, or no provider is configured any more to reach it, the
 * deletion is refused with a 503 and nothing is deleted: deleting first would leave a subscription Faxline can no
 * longer name, charging a customer who has gone.
 */
export async function endSubscriptionOfAccount(deps: { db: Database; billing: BillingInForce }, accountId: string): Promise<void> {
  const [row] = await deps.db
    .select({ provider: subscriptions.provider, subscriptionId: subscriptions.subscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  if (!row || row.status === 'canceled') return;
  const providers = await deps.billing.current();
  const provider = providers[row.provider];
  if (!provider) throw new AppError('unavailable', 'errors.billingCancelBeforeDeletion');
  try {
    await provider.cancelNow(row.subscriptionId);
  } catch {
    throw new AppError('unavailable', 'errors.billingCancelBeforeDeletion');
  }
}
