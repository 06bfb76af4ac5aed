import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { BillingProvider } from './billing-provider';
import type { BillingInForce } from './billing-providers';
import { usageInvoiceItems, usageLedger } from './ledger-schema';
import { subscriptions, type TBillingProvider } from './schema';

/**
 * Bills one ledger line on the account's next invoice through its subscription's provider (decision 093): once, since
 * the item is kept by the ledger line and the provider is asked with the line's idempotency key. Answers what
 * happened; throws while the provider cannot be reached, so that the job tries again.
 */
export async function billUsageCharge(
  db: Database,
  billing: BillingInForce,
  ledgerLineId: number,
): Promise<'billed' | 'already billed' | 'nothing to bill' | 'no subscription'> {
  const [line] = await db
    .select({
      accountId: usageLedger.accountId,
      pages: usageLedger.pages,
      rateCents: usageLedger.rateCents,
      currency: usageLedger.currency,
      otherNumber: usageLedger.otherNumber,
      kind: usageLedger.kind,
      at: usageLedger.at,
      billedAs: usageInvoiceItems.itemId,
    })
    .from(usageLedger)
    .leftJoin(usageInvoiceItems, eq(usageInvoiceItems.ledgerLineId, usageLedger.id))
    .where(eq(usageLedger.id, ledgerLineId));
  if (!line || line.pages === 0 || line.rateCents === 0) return 'nothing to bill';
  if (line.billedAs) return 'already billed';
  const [subscription] = await db
    .select({ provider: subscriptions.provider, customerId: subscriptions.customerId, subscriptionId: subscriptions.subscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, line.accountId));
  // The line was written at a price only while a subscription ran (overage.ts); gone since (its account
  // deleted, or cancelled at once), there is no invoice to put it on.
  if (!subscription) return 'no subscription';
  // Typed by every provider's name: one not configured in this process (or not written yet) is missing.
  const providers: Partial<Record<TBillingProvider, BillingProvider | null>> = await billing.current();
  const provider = providers[subscription.provider];
  if (!provider) throw new Error(`billing provider ${subscription.provider} is not configured: usage charge ${ledgerLineId} waits`);
  const { itemId } = await provider.addUsageCharge({
    customerId: subscription.customerId,
    subscriptionId: subscription.subscriptionId,
    ledgerLineId,
    pages: line.pages,
    unitCents: line.rateCents,
    currency: line.currency,
    description: `${line.kind === 'international' ? 'International fax pages' : 'Fax pages beyond the plan'}${line.otherNumber ? ` (to ${line.otherNumber})` : ''}`,
    at: line.at,
  });
  await db.insert(usageInvoiceItems).values({ ledgerLineId, provider: subscription.provider, itemId }).onConflictDoNothing();
  return 'billed';
}
