import { webPaths, ZBillingResponse, ZCheckoutRequest, ZCheckoutResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleNamed } from '../auth/people';
import { actorOf } from '../accounts/require-actor';
import { AppError } from '../platform/http/app-error';
import { priceOfPlan } from '../plans/plan-prices';
import type { RouteDeps } from '../route-deps';
import { paysForPlan } from './apply-subscription';
import { requireBaaForPlan } from './baa';
import { checkoutCustomer } from './billing-profile';
import { couponForCheckout } from './promotions/promotions';
import { subscriptions } from './schema';

/** The account's billing, for its owner and Billing members (spec 001 §2.8): /user/billing. */
export const billingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor, config } = deps;

  app.get(
    '/billing',
    { schema: { response: { 200: ZBillingResponse } }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const { stripe } = await deps.billing.current();
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, actorOf(request).member.accountId));
      reply.header('cache-control', 'no-store');
      return {
        enabled: stripe !== null,
        testMode: stripe?.testMode ?? false,
        subscription: row ? subscriptionJson(row) : null,
      };
    },
  );

  // The first subscription: the provider's payment page, which comes back to /user/billing. The plan changes only when
  // the provider's webhook says the subscription exists, never on the way back (a person can come back unpaid).
  app.post(
    '/billing/checkout',
    { schema: { body: ZCheckoutRequest, response: { 200: ZCheckoutResponse } }, preHandler: requireActor('manageBilling') },
    async (request) => {
      const { stripe } = await deps.billing.current();
      if (!stripe) throw new AppError('conflict', 'errors.billingOff');
      const actor = actorOf(request);
      const priceId = await priceOfPlan(db, request.body.planId, request.body.interval);
      if (!priceId) throw new AppError('not_found', 'errors.planNotForSale', {}, 'body.planId');
      await requireBaaForPlan(db, actor.member.accountId, request.body.planId);
      const [known] = await db
        .select({ customerId: subscriptions.customerId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.accountId, actor.member.accountId));
      // A paying account changes its plan, it does not buy a second one (the change of plan is issue 36's next part).
      if (known && paysForPlan(known.status)) throw new AppError('conflict', 'errors.alreadySubscribed');
      const [person] = await peopleNamed(db, [actor.user.id]);
      if (!person) throw new AppError('authentication_error', 'errors.unauthenticated');
      const page = `${config.publicUrl}${webPaths.user.billing.path}`;
      return stripe.startCheckout({
        accountId: actor.member.accountId,
        email: person.email,
        priceId,
        // The saved billing details make a new customer, so that the first invoice is addressed to them.
        customerId: known?.customerId ?? (await checkoutCustomer({ db, provider: stripe }, actor.member.accountId, person.email)),
        successUrl: `${page}?checkout=done`,
        cancelUrl: `${page}?checkout=cancelled`,
        couponId: await couponForCheckout(db, stripe.name, request.body.interval),
      });
    },
  );
};

/** The account's subscription as Faxline holds it, as the billing page and the back office show it (dates in ISO). */
export function subscriptionJson(row: typeof subscriptions.$inferSelect) {
  return {
    planId: row.planId,
    interval: row.interval,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentFailedAt: row.paymentFailedAt?.toISOString() ?? null,
    scheduledChange:
      row.scheduledPlanId && row.scheduledInterval && row.scheduledChangeAt
        ? { planId: row.scheduledPlanId, interval: row.scheduledInterval, startsAt: row.scheduledChangeAt.toISOString() }
        : null,
  };
}
