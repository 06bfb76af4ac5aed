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
import type { BillingProvider } from './billing-provider';
import { providersInForce } from './billing-providers';
import { couponForCheckout } from './promotions/promotions';
import { subscriptions } from './schema';

/** The account's billing, for its owner and Billing members (spec 001 §2.8): /user/billing. */
export const billingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor, config } = deps;

  app.get(
    '/billing',
    { schema: { response: { 200: ZBillingResponse } }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const providers = await deps.billing.current();
      const inForce = providersInForce(providers);
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, actorOf(request).member.accountId));
      reply.header('cache-control', 'no-store');
      return {
        enabled: inForce.length > 0,
        testMode: inForce.some((provider) => provider.testMode),
        providers: inForce.map((provider) => provider.name),
        offers: row ? (providers[row.provider]?.offers ?? null) : null,
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
      const provider = (await deps.billing.current())[request.body.provider];
      if (!provider) throw new AppError('conflict', 'errors.billingProviderOff', {}, 'body.provider');
      const actor = actorOf(request);
      const priceId = await priceOfPlan(db, provider.name, request.body.planId, request.body.interval);
      if (!priceId) throw new AppError('not_found', 'errors.planNotForSale', {}, 'body.planId');
      await requireBaaForPlan(db, actor.member.accountId, request.body.planId);
      const [known] = await db
        .select({ provider: subscriptions.provider, customerId: subscriptions.customerId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.accountId, actor.member.accountId));
      // A paying account changes its plan, it does not buy a second one (the change of plan is issue 36's next part).
      if (known && paysForPlan(known.status)) throw new AppError('conflict', 'errors.alreadySubscribed');
      const [person] = await peopleNamed(db, [actor.user.id]);
      if (!person) throw new AppError('authentication_error', 'errors.unauthenticated');
      const page = `${config.publicUrl}${webPaths.user.billing.path}`;
      return provider.startCheckout({
        accountId: actor.member.accountId,
        email: person.email,
        priceId,
        customerId: await customerForCheckout(provider, known ?? null),
        successUrl: `${page}?checkout=done`,
        cancelUrl: `${page}?checkout=cancelled`,
        couponId: provider.offers.coupons ? await couponForCheckout(db, provider.name, request.body.interval) : null,
      });

      /**
       * The provider's customer to pay as: the one of an earlier subscription at the same provider, or one made from the
       * saved billing details so that the first invoice is addressed to them; none where the provider keeps no customer
       * of Faxline's (PayPal's payer is PayPal's, decision 095).
       */
      async function customerForCheckout(to: BillingProvider, earlier: { provider: string; customerId: string } | null) {
        if (earlier?.provider === to.name) return earlier.customerId;
        if (!to.offers.invoices) return null;
        return checkoutCustomer({ db, provider: to }, actor.member.accountId, person!.email);
      }
    },
  );
};

/** The account's subscription as Faxline holds it, as the billing page and the back office show it (dates in ISO). */
export function subscriptionJson(row: typeof subscriptions.$inferSelect) {
  return {
    provider: row.provider,
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
