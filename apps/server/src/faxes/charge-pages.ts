import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { recordUsage } from '../billing/usage-ledger';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { faxes } from './schema';

/**
 * Charges a fax that has just been delivered (the pages the receiver confirmed, over all its tries) or received (its
 * pages) into the usage ledger, inside the transaction that recorded that end (decision 086). A failed or canceled fax
 * never comes here; a fax already charged is not charged again. The plan's pages are paid by its price: each page
 * is written at no extra rate.
 */
export async function chargeFaxPages(tx: Database, faxId: string): Promise<void> {
  const [fax] = await tx
    .select({
      accountId: faxes.accountId,
      direction: faxes.direction,
      status: faxes.status,
      toNumber: faxes.toNumber,
      fromNumber: faxes.fromNumber,
      pages: faxes.pages,
      pagesSent: faxes.pagesSent,
      completedAt: faxes.completedAt,
      currency: plans.currency,
    })
    .from(faxes)
    .innerJoin(accounts, eq(accounts.id, faxes.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(faxes.id, faxId));
  if (!fax) return;
  const ended =
    fax.direction === 'inbound' ? fax.status === 'received' : fax.status === 'delivered' || fax.status === 'partially_delivered';
  if (!ended) return;
  await recordUsage(tx, {
    accountId: fax.accountId,
    faxId,
    direction: fax.direction,
    otherNumber: fax.direction === 'inbound' ? fax.fromNumber : fax.toNumber,
    pages: (fax.direction === 'inbound' ? fax.pages : fax.pagesSent) ?? 0,
    kind: 'included',
    rateCents: 0,
    currency: fax.currency ?? 'USD',
    at: fax.completedAt ?? new Date(),
  });
}
