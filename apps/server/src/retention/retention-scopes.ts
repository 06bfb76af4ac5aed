import type { ContentScope } from '../faxes/fax-content';
import type { Database } from '../platform/db/client';
import { activeHoldsOf, heldBy } from './holds';
import { inboxPeriodsOf, policyOf } from './policy';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One period of an account: the faxes it covers and its days, for a run at `at`. */
export type PeriodScope = { scope: ContentScope; days: number };

/**
 * The periods in force for an account at `at` (decision 108): the account's own over every fax but the received
 * faxes of inboxes with a period of their own, and each of those; a period of "forever" deletes nothing and is left
 * out. Faxes on hold are left out of every scope; an account on hold has none.
 */
export async function periodScopesOf(db: Database, accountId: string, at: Date): Promise<PeriodScope[]> {
  const [policy, inboxPeriods, holds] = await Promise.all([
    policyOf(db, accountId),
    inboxPeriodsOf(db, accountId),
    activeHoldsOf(db, accountId),
  ]);
  const held = heldBy(holds);
  if (held.whole) return [];
  const base = { accountId, exceptFaxIds: held.faxIds, exceptNumbers: held.numbers };
  const before = (days: number) => new Date(at.getTime() - days * DAY_MS);
  const scopes: PeriodScope[] = [];
  if (policy?.days)
    scopes.push({ days: policy.days, scope: { ...base, createdBefore: before(policy.days), inbox: { except: [...inboxPeriods.keys()] } } });
  for (const [inboxId, days] of inboxPeriods)
    if (days) scopes.push({ days, scope: { ...base, createdBefore: before(days), inbox: { only: inboxId } } });
  return scopes;
}
