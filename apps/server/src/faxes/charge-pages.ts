import { eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { overageRateOf, splitPages } from '../billing/overage';
import { isCharged, ledgerPages, recordUsage, usagePeriodOf } from '../billing/usage-ledger';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { faxes } from './schema';

/**
 * Charges a fax that has just been delivered (the pages the receiver confirmed, over all its tries) or received (its
 * pages) into the usage ledger, inside the transaction that recorded that end (decision 086). A failed or canceled fax
 * never comes here; a fax already charged is not charged again. The plan's pages are paid by its price: each page
 * within them is written at no extra rate. A sent fax's pages beyond them, on a plan that bills them (decision 093),
 * are an `overage` line at the plan's price. Answers the account and moment charged when this call charged the fax
 * (for the quota's e-mails), and the overage line's id when it wrote one (for the provider's invoice item).
 */
export async function chargeFaxPages(
  tx: Database,
  faxId: string,
): Promise<{ charged: { accountId: string; at: Date } | null; overageLineId: number | null }> {
  const none = { charged: null, overageLineId: null };
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
      limit: plans.pagesPerMonth,
    })
    .from(faxes)
    .innerJoin(accounts, eq(accounts.id, faxes.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(faxes.id, faxId));
  if (!fax) return none;
  const inbound = fax.direction === 'inbound';
  const ended = inbound ? fax.status === 'received' : fax.status === 'delivered' || fax.status === 'partially_delivered';
  // A second report of the same end: its lines are written, and a new split would count its own pages against it.
  if (!ended || (await isCharged(tx, faxId))) return none;
  const at = fax.completedAt ?? new Date();
  const line = {
    accountId: fax.accountId,
    faxId,
    direction: fax.direction,
    otherNumber: inbound ? fax.fromNumber : fax.toNumber,
    currency: fax.currency ?? 'USD',
    at,
  };
  const pages = (inbound ? fax.pages : fax.pagesSent) ?? 0;
  // Receiving is never charged extra (decision 086); neither is a sent fax when its plan refuses pages beyond it.
  const overageRate = inbound ? null : await overageRateOf(tx, fax.accountId);
  if (!overageRate) {
    await recordUsage(tx, { ...line, pages, kind: 'included', rateCents: 0 });
    return { charged: { accountId: fax.accountId, at }, overageLineId: null };
  }
  // Two faxes delivered at once take turns, so that the plan's last pages are counted to one of them only.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`quota:${fax.accountId}`}, 0))`);
  const chargedBefore = await ledgerPages(tx, fax.accountId, await usagePeriodOf(tx, fax.accountId, at));
  const split = splitPages(pages, fax.limit, chargedBefore);
  await recordUsage(tx, { ...line, pages: split.included, kind: 'included', rateCents: 0 });
  const overageLineId = await recordUsage(tx, {
    ...line,
    pages: split.overage,
    kind: 'overage',
    rateCents: overageRate.cents,
    currency: overageRate.currency,
  });
  return { charged: { accountId: fax.accountId, at }, overageLineId };
}
