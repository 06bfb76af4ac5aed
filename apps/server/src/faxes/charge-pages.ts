import { eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { chargeTermsColumns, chargeTermsFrom, splitPages } from '../billing/overage';
import { subscriptions } from '../billing/schema';
import { chargedRate, internationalRateAtDelivery } from '../billing/quote';
import { ledgerPages, recordUsage, usagePeriodOf } from '../billing/usage-ledger';
import { usageLedger } from '../billing/ledger-schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { faxes } from './schema';

/**
 * Charges a fax that has just been delivered (the pages the receiver confirmed, over all its tries) or received (its
 * pages) into the usage ledger, inside the transaction that recorded that end (decision 086). A failed or canceled fax
 * never comes here; a fax already charged is not charged again. The plan's pages are paid by its price: each page
 * within them is written at no extra rate. A sent fax's pages beyond them, on a plan that bills them (decision 093),
 * are an `overage` line at the plan's price; a sent fax abroad is an `international` line of all its pages at the
 * country's rate, on top (decision 096). Neither is ever above what the fax was quoted. Answers the account, the
 * moment charged and the plan's pages when this call charged the fax (for the quota's e-mails), and the ids of the
 * lines the provider is to bill.
 */
export async function chargeFaxPages(
  tx: Database,
  faxId: string,
): Promise<{ charged: { accountId: string; at: Date; limit: number | null } | null; billableLineIds: number[] }> {
  const none = { charged: null, billableLineIds: [] };
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
      quotedTerms: faxes.quotedTerms,
      limit: plans.pagesPerMonth,
      terms: chargeTermsColumns,
      // A second report of the same end: its lines are written (read here, in the same statement).
      charged: sql<boolean>`EXISTS (SELECT 1 FROM ${usageLedger} WHERE ${eq(usageLedger.faxId, faxId)})`,
    })
    .from(faxes)
    .innerJoin(accounts, eq(accounts.id, faxes.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(faxes.id, faxId));
  if (!fax) return none;
  // The account's terms as they stand now, read with the fax: what a page beyond the plan or abroad costs, if billed.
  const terms = chargeTermsFrom(fax.terms);
  const inbound = fax.direction === 'inbound';
  const ended = inbound ? fax.status === 'received' : fax.status === 'delivered' || fax.status === 'partially_delivered';
  // A second report of the same end: its lines are written, and a new split would count its own pages against it.
  if (!ended || fax.charged) return none;
  const at = fax.completedAt ?? new Date();
  const charged = { accountId: fax.accountId, at, limit: fax.limit };
  const line = {
    accountId: fax.accountId,
    faxId,
    direction: fax.direction,
    otherNumber: inbound ? fax.fromNumber : fax.toNumber,
    currency: terms.currency,
    at,
  };
  const pages = (inbound ? fax.pages : fax.pagesSent) ?? 0;
  // Receiving is never charged extra (decision 086).
  if (inbound) {
    await recordUsage(tx, { ...line, pages, kind: 'included', rateCents: 0 });
    return { charged, billableLineIds: [] };
  }
  const quoted = fax.quotedTerms;
  const billableLineIds: number[] = [];
  const international = await internationalRateAtDelivery(tx, terms, fax.toNumber, quoted);
  if (international) {
    const id = await recordUsage(tx, {
      ...line,
      pages,
      kind: 'international',
      rateCents: international.cents,
      currency: international.currency,
    });
    if (id !== null) billableLineIds.push(id);
  }
  const overageCents = chargedRate(quoted ? quoted.overageCentsPerPage : undefined, terms.overageCents);
  // Neither the plan nor its quote bills pages beyond it: every page is within the plan's price.
  if (overageCents === null) {
    await recordUsage(tx, { ...line, pages, kind: 'included', rateCents: 0 });
    return { charged, billableLineIds };
  }
  // Two faxes delivered at once take turns, so that the plan's last pages are counted to one of them only.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`quota:${fax.accountId}`}, 0))`);
  const chargedBefore = await ledgerPages(tx, fax.accountId, await usagePeriodOf(tx, fax.accountId, at));
  const split = splitPages(pages, fax.limit, chargedBefore);
  // Never more pages beyond the plan than quoted: a fax accepted later but delivered first may have taken the plan's
  // last pages; the sender was told this one fitted, and it is charged so.
  const overagePages = Math.min(split.overage, quoted?.overagePages ?? split.overage);
  await recordUsage(tx, { ...line, pages: pages - overagePages, kind: 'included', rateCents: 0 });
  const overageLineId = await recordUsage(tx, {
    ...line,
    pages: overagePages,
    kind: 'overage',
    rateCents: overageCents,
    currency: terms.currency,
  });
  if (overageLineId !== null) billableLineIds.push(overageLineId);
  return { charged, billableLineIds };
}
