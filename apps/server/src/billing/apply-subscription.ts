import { eq, sql } from 'drizzle-orm';
import { accountExists } from '../accounts/account-exists';
import { moveAccountToPlan } from '../accounts/account-plan';
import { accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { planOfPrice, startingPlanId } from '../plans/plan-prices';
import type { BillingProvider, ProviderSubscription } from './billing-provider';
import type { TSubscriptionStatus } from '@faxline/shared';
import { emailPaymentFailure, type PaymentFailureBegun, type PaymentFailureEmailDeps } from './payment-failure-emails';
import { recordRevenueChange } from './revenue-history';
import { subscriptions } from './schema';
import { clock } from '../platform/clock';

/** Statuses in which the subscription's plan is the account's plan (a failed payment keeps it during the grace). */
export const PLAN_IN_FORCE: readonly TSubscriptionStatus[] = ['active', 'past_due'];
/** Whether a subscription in this status is what the account pays for its plan with. */
export const paysForPlan = (status: TSubscriptionStatus): boolean => PLAN_IN_FORCE.includes(status);
const PAYMENT_FAILED: readonly TSubscriptionStatus[] = ['past_due', 'unpaid'];

/**
 * Reads a subscription from its provider and applies it, one reader of a subscription at a time: two events of one
 * subscription taken at once would otherwise read it at two moments and could write the older state last. A run of
 * payment failures that begins with it is told in the same transaction (decision 085), whoever noticed it first: the
 * provider's webhook, or a request of the owner's that read the subscription before the webhook came.
 */
export async function syncSubscription(deps: SyncDeps, provider: BillingProvider, subscriptionId: string): Promise<void> {
  await inTransaction(deps.db, async (tx, client) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider.name}:${subscriptionId}`}))`);
    const { paymentFailureBegun } = await applySubscription(tx, provider, await provider.subscription(subscriptionId));
    if (paymentFailureBegun) await emailPaymentFailure(deps, tx, client, paymentFailureBegun);
  });
}

export type SyncDeps = PaymentFailureEmailDeps & { db: Database };

/** What applying changed that others must hear of: a run of payment failures that began with it (decision 085). */
type SubscriptionApplied = { paymentFailureBegun: PaymentFailureBegun | null };

/**
 * Makes Faxline's copy of a subscription what the provider says it is now, and the account's plan follow it
 * (decision 082). It reads only the provider's current state, never the event that prompted it, so that any number
 * of events, repeated or out of order, leave the same result; a plan that changes is written to the audit trail.
 */
async function applySubscription(db: Database, provider: BillingProvider, state: ProviderSubscription): Promise<SubscriptionApplied> {
  const sold = await planOfPrice(db, provider.name, state.priceId);
  // Left unapplied, so that the provider's next try applies it once the back office names the price.
  if (!sold) throw new Error(`${provider.name} price ${state.priceId} (subscription ${state.subscriptionId}) is no plan's price`);
  const scheduled = state.scheduledChange ? await planOfPrice(db, provider.name, state.scheduledChange.priceId) : null;
  if (state.scheduledChange && !scheduled) {
    throw new Error(`${provider.name} price ${state.scheduledChange.priceId} (scheduled on ${state.subscriptionId}) is no plan's price`);
  }

  return inTransaction(db, async (tx) => {
    // The account's row before its subscription's, in the order an account's deletion takes them (the subscription
    // goes by cascade): the closing event of an account being deleted then waits for the deletion, and finds it gone,
    // instead of deadlocking with it (the deletion would be refused as busy).
    if (state.accountId) await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, state.accountId)).for('key share');
    const [known] = await tx
      .select()
      .from(subscriptions)
      .where(state.accountId ? eq(subscriptions.accountId, state.accountId) : eq(subscriptions.subscriptionId, state.subscriptionId))
      .for('update');
    const accountId = state.accountId ?? known?.accountId;
    if (!accountId) throw new Error(`${provider.name} subscription ${state.subscriptionId} names no account of Faxline`);
    // The end of the subscription of an account deleted meanwhile (decision 089): nothing is left to apply it to, but
    // the revenue it brought ends now (decision 092).
    if (!known && !(await accountExists(tx, accountId))) {
      await recordRevenueChange(tx, { accountId, provider: provider.name, subscriptionId: state.subscriptionId, after: null });
      return { paymentFailureBegun: null };
    }
    // An account's earlier subscription that ends after a newer one began changes nothing.
    if (known && known.subscriptionId !== state.subscriptionId && !paysForPlan(state.status)) return { paymentFailureBegun: null };

    const row = {
      accountId,
      provider: provider.name,
      customerId: state.customerId,
      subscriptionId: state.subscriptionId,
      planId: sold.planId,
      interval: sold.interval,
      status: state.status,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      scheduledPlanId: scheduled?.planId ?? null,
      scheduledInterval: scheduled?.interval ?? null,
      scheduledChangeAt: scheduled ? state.scheduledChange!.startsAt : null,
      // The first failure of a run, kept until a payment clears it: the grace counts from it.
      paymentFailedAt: PAYMENT_FAILED.includes(state.status) ? (known?.paymentFailedAt ?? clock.now()) : null,
      amountDueCents: state.amountDue?.cents ?? null,
      amountDueCurrency: state.amountDue?.currency ?? null,
      updatedAt: new Date(),
    };
    await tx.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.accountId, set: row });
    await recordRevenueChange(tx, {
      accountId,
      provider: provider.name,
      subscriptionId: state.subscriptionId,
      after: paysForPlan(state.status) ? { planId: sold.planId, interval: sold.interval } : null,
    });

    const paymentFailureBegun =
      row.paymentFailedAt && !known?.paymentFailedAt
        ? {
            accountId,
            subscriptionId: state.subscriptionId,
            planId: sold.planId,
            failedAt: row.paymentFailedAt,
            amountDue: state.amountDue,
          }
        : null;

    // A subscription that ends sends the account back to the starting plan once, when it stops paying: a late or
    // replayed event of one already ended leaves the plan as it is, a plan an operator granted since included (decision 091).
    const alreadyEnded = known?.subscriptionId === state.subscriptionId && !paysForPlan(known.status);
    const planInForce = paysForPlan(state.status) ? sold.planId : alreadyEnded ? null : await startingPlanId(tx);
    const moved = planInForce ? await moveAccountToPlan(tx, accountId, planInForce) : undefined;
    if (!moved) return { paymentFailureBegun };
    await recordAuditEvent(tx, {
      actorUserId: null,
      accountId,
      ip: null,
      action: 'billing.plan_changed',
      objectType: 'account',
      objectId: accountId,
      outcome: 'success',
      details: { provider: provider.name, subscriptionId: state.subscriptionId, status: state.status, from: moved.from, to: planInForce },
    });
    return { paymentFailureBegun };
  });
}
