import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { BillingProvider } from './billing-provider';
import type { BillingInForce } from './billing-providers';
import { numberCharges } from './number-charges-schema';
import { subscriptions, type TBillingProvider } from './schema';

/**
 * Bills one month of a number beyond the plan on the account's next invoice (decision 112), as a usage charge is
 * (decision 093): once, since the item is kept on the month's row and the provider is asked with the row's
 * idempotency key. Throws while the provider cannot be reached, so that the job tries again.
 */
export async function billNumberCharge(
  db: Database,
  billing: BillingInForce,
  chargeId: number,
): Promise<'billed' | 'already billed' | 'nothing to bill' | 'no subscription'> {
  const [charge] = await db.select().from(numberCharges).where(eq(numberCharges.id, chargeId));
  if (!charge || charge.cents === 0) return 'nothing to bill';
  if (charge.itemId) return 'already billed';
  const [subscription] = await db
    .select({ provider: subscriptions.provider, customerId: subscriptions.customerId, subscriptionId: subscriptions.subscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, charge.accountId));
  if (!subscription) return 'no subscription';
  const providers: Partial<Record<TBillingProvider, BillingProvider | null>> = await billing.current();
  const provider = providers[subscription.provider];
  if (!provider) throw new Error(`billing provider ${subscription.provider} is not configured: number charge ${chargeId} waits`);
  const { itemId } = await provider.addNumberCharge({
    customerId: subscription.customerId,
    subscriptionId: subscription.subscriptionId,
    chargeId,
    cents: charge.cents,
    currency: charge.currency,
    description: `Fax number ${charge.phoneNumber} beyond the plan, ${charge.periodStart.toISOString().slice(0, 10)} to ${charge.periodEnd.toISOString().slice(0, 10)}`,
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
  });
  await db.update(numberCharges).set({ provider: subscription.provider, itemId }).where(eq(numberCharges.id, chargeId));
  return 'billed';
}
