import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { chargeTermsColumns, chargeTermsFrom } from '../billing/overage';
import { subscriptions } from '../billing/schema';
import { blockedPrefixesColumn } from '../blocklist/blocklist';
import { assignedNumbersColumn } from '../numbers/numbers';
import { paymentFailureFrom } from '../billing/sending-pause';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { planPeriodColumns, planPeriodFrom } from './quota';

/**
 * What a send is checked and priced against, of its account, read once (decisions 145, 146): whether a failed payment
 * has paused its sending, its plan and period (the quota), what pages beyond the plan cost (the price), when it was made
 * (the new-account limit), the prefixes it blocked and the numbers it may send from. One statement for the six each
 * check made for itself; each keeps its own rule (billing/sending-pause.ts, faxes/quota.ts, billing/overage.ts,
 * faxes/new-account-limit.ts, blocklist/blocklist.ts, numbers/numbers.ts).
 */
export async function sendingAccountOf(db: Database, accountId: string, now: Date) {
  const [row] = await db
    .select({
      createdAt: accounts.createdAt,
      paymentFailedAt: subscriptions.paymentFailedAt,
      ...planPeriodColumns,
      ...chargeTermsColumns,
      blockedPrefixes: blockedPrefixesColumn,
      numbers: assignedNumbersColumn,
    })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return {
    id: accountId,
    createdAt: row?.createdAt ?? null,
    paymentFailure: paymentFailureFrom(row?.paymentFailedAt),
    planPeriod: planPeriodFrom(row, now),
    chargeTerms: chargeTermsFrom(row),
    blockedPrefixes: row?.blockedPrefixes ?? [],
    numbers: row?.numbers ?? [],
  };
}
