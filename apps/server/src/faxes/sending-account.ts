import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { chargeTermsColumns, chargeTermsFrom } from '../billing/overage';
import { subscriptions } from '../billing/schema';
import { paymentFailureFrom } from '../billing/sending-pause';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { planPeriodColumns, planPeriodFrom } from './quota';

/**
 * What a send is checked and priced against, of its account, read once (decision 145): whether a failed payment has
 * paused its sending, its plan and period (the quota), what pages beyond the plan cost (the price), and when it was made
 * (the new-account limit). One statement for the four each check made for itself; each keeps its own rule
 * (billing/sending-pause.ts, faxes/quota.ts, billing/overage.ts, faxes/new-account-limit.ts).
 */
export async function sendingAccountOf(db: Database, accountId: string, now: Date) {
  const [row] = await db
    .select({ createdAt: accounts.createdAt, paymentFailedAt: subscriptions.paymentFailedAt, ...planPeriodColumns, ...chargeTermsColumns })
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
  };
}
