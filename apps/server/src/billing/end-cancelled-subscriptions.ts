import { and, eq, inArray, lte, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../job-deps';
import type { Database } from '../platform/db/client';
import { clock } from '../platform/clock';
import { PLAN_IN_FORCE, syncSubscription, type SyncDeps } from './apply-subscription';
import { billingInForce, providersOffering, type BillingInForce } from './billing-providers';
import { subscriptions } from './schema';

/**
 * Ends, at the provider, the subscriptions cancelled at the period's end whose period is over, where the provider
 * does not end them itself (PayPal has no cancellation at the period's end: Faxline suspends the subscription when
 * its owner cancels, and cancels it here once the period paid for is over, decision 095). Each is read back and
 * applied, so the account returns to the starting plan at once, as the provider's own event would make it.
 */
export async function endCancelledSubscriptions(deps: SyncDeps & { billing: BillingInForce }): Promise<number> {
  const providers = await deps.billing.current();
  const due = await dueForEnd(deps.db);
  let ended = 0;
  for (const row of due) {
    const provider = providers[row.provider];
    if (!provider) continue;
    await provider.cancelNow(row.subscriptionId);
    await syncSubscription(deps, provider, row.subscriptionId);
    ended += 1;
  }
  return ended;
}

function dueForEnd(db: Database) {
  const providers = providersOffering('endsCancelledAtPeriodEnd');
  return db
    .select({ provider: subscriptions.provider, subscriptionId: subscriptions.subscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, true),
        inArray(subscriptions.status, [...PLAN_IN_FORCE]),
        lte(subscriptions.currentPeriodEnd, clock.now()),
        // Those whose provider ends them itself are left to it.
        ...(providers.length > 0 ? [notInArray(subscriptions.provider, providers)] : []),
      ),
    );
}

export const endCancelledSubscriptionsJob = defineJob({
  name: 'billing.end-cancelled-subscriptions',
  schema: z.object({}).strict(),
  cron: '*/10 * * * *',
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 },
  handler: async (_data, { db, config, systemSettings, queue, logger }) => {
    const billing = billingInForce({ config, systemSettings });
    const ended = await endCancelledSubscriptions({ db, billing, queue, systemSettings, publicUrl: config.publicUrl });
    if (ended > 0) logger.info({ ended }, 'subscriptions cancelled at the period end ended at their provider');
  },
});
