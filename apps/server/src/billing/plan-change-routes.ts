import {
  webPaths,
  ZBillingPortalResponse,
  ZPaymentMethodResponse,
  ZPlanChangeChoice,
  ZPlanChangePreview,
  ZPlanChangeRequest,
  planChangeTimingOf,
  type TPlanChangeChoice,
} from '@faxline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { priceOfPlan } from '../plans/plan-prices';
import { plans } from '../plans/schema';
import type { RouteDeps } from '../route-deps';
import { paysForPlan, syncSubscription } from './apply-subscription';
import { requireBaaForPlan } from './baa';
import { PaymentDeclined, type BillingProvider } from './billing-provider';
import { subscriptions } from './schema';

/** How long a previewed price holds: a confirmation later than this asks for a new preview. */
const QUOTE_VALID_MS = 30 * 60_000;

type Subscription = typeof subscriptions.$inferSelect;

/**
 * Changing a paying account's plan, cancelling and undoing, and the card (issue 36, decision 083), for the owner and
 * Billing members. Each change is asked of the provider, then the subscription is read back from it (as a webhook
 * would), so that the page shows what the provider now holds; the account's plan follows only that (decision 082).
 */
export const planChangeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor, config } = deps;
  const syncDeps = { ...deps, publicUrl: config.publicUrl };
  const guard = { preHandler: requireActor('manageBilling') };

  /** The provider and the account's subscription in force; 409 when there is none to change. */
  async function paying(request: FastifyRequest) {
    const row = await subscriptionOf(db, actorOf(request).member.accountId);
    if (!row || !paysForPlan(row.status)) throw new AppError('conflict', 'errors.billingNoSubscription');
    // The subscription's own provider, whichever else is configured: its calls go nowhere else.
    const provider = (await deps.billing.current())[row.provider];
    if (!provider) throw new AppError('conflict', 'errors.billingOff');
    return { provider, row };
  }

  /** The change asked for, worked out: its price at the provider, and when it takes effect. */
  async function changeOf(provider: BillingProvider, row: Subscription, choice: TPlanChangeChoice) {
    if (!provider.offers.planChanges) throw new AppError('conflict', 'errors.billingPlanChangeNotOffered');
    if (row.status !== 'active') throw new AppError('conflict', 'errors.billingNotActive');
    if (row.cancelAtPeriodEnd) throw new AppError('conflict', 'errors.billingCancelledFirst');
    const priceId = await priceOfPlan(db, provider.name, choice.planId, choice.interval);
    const [current, next] = await Promise.all([monthlyPriceOf(db, row.planId), monthlyPriceOf(db, choice.planId)]);
    if (!priceId || next === null || current === null) throw new AppError('not_found', 'errors.planNotForSale', {}, 'body.planId');
    const timing = planChangeTimingOf(
      { planId: row.planId, interval: row.interval, monthlyPriceCents: current },
      { ...choice, monthlyPriceCents: next },
    );
    if (!timing) throw new AppError('conflict', 'errors.planChangeSame', {}, 'body.planId');
    await requireBaaForPlan(db, row.accountId, choice.planId);
    return { priceId, timing };
  }

  const audit = (request: FastifyRequest, action: `billing.${string}`, row: Subscription, details: Record<string, unknown>) =>
    recordAuditEvent(db, {
      actorUserId: actorOf(request).user.id,
      accountId: row.accountId,
      ip: request.ip,
      action,
      objectType: 'subscription',
      objectId: row.subscriptionId,
      outcome: 'success',
      details: { provider: row.provider, ...details },
    });

  app.post(
    '/billing/change/preview',
    { schema: { body: ZPlanChangeChoice, response: { 200: ZPlanChangePreview } }, ...guard },
    async (request, reply) => {
      const { provider, row } = await paying(request);
      const { priceId, timing } = await changeOf(provider, row, request.body);
      reply.header('cache-control', 'no-store');
      if (timing === 'periodEnd') {
        const currency = await currencyOf(db, request.body.planId);
        const quotedAt = new Date().toISOString();
        return { timing, amountDueCents: 0, currency, lines: [], quotedAt, startsAt: row.currentPeriodEnd.toISOString() };
      }
      const { prorationDate, ...quote } = await provider.previewPlanChange(row.subscriptionId, priceId, null);
      return { timing, ...quote, quotedAt: prorationDate.toISOString(), startsAt: prorationDate.toISOString() };
    },
  );

  // The change as previewed: an upgrade is charged the prorations as of the preview's moment, so the charge is the
  // amount shown, and refused (nothing charged) when that amount is no longer what the provider computes.
  app.post('/billing/change', { schema: { body: ZPlanChangeRequest }, ...guard }, async (request, reply) => {
    const { provider, row } = await paying(request);
    const { priceId, timing } = await changeOf(provider, row, request.body);
    if (timing === 'now') {
      const quotedAt = await quoteStillValid(provider, row, priceId, new Date(request.body.quotedAt));
      const quote = await provider.previewPlanChange(row.subscriptionId, priceId, quotedAt);
      if (quote.amountDueCents !== request.body.expectedAmountCents) {
        throw new AppError('conflict', 'errors.planChangeAmountChanged', {}, 'body.expectedAmountCents');
      }
      try {
        await provider.changePlanNow(row.subscriptionId, priceId, quotedAt);
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new AppError('unprocessable', 'errors.billingCardDeclined');
        throw error;
      }
    } else {
      if (request.body.expectedAmountCents !== 0)
        throw new AppError('conflict', 'errors.planChangeAmountChanged', {}, 'body.expectedAmountCents');
      await provider.schedulePlanChange(row.subscriptionId, priceId);
    }
    await audit(request, 'billing.change_requested', row, {
      from: { planId: row.planId, interval: row.interval },
      to: { planId: request.body.planId, interval: request.body.interval },
      timing,
      amountCents: request.body.expectedAmountCents,
    });
    await syncSubscription(syncDeps, provider, row.subscriptionId);
    return reply.code(204).send();
  });

  // "Keep my current plan": the downgrade scheduled for the period's end does not happen.
  app.delete('/billing/change', guard, async (request, reply) => {
    const { provider, row } = await paying(request);
    if (!row.scheduledPlanId) throw new AppError('conflict', 'errors.noScheduledChange');
    await provider.dropScheduledChange(row.subscriptionId);
    await audit(request, 'billing.change_dropped', row, { planId: row.scheduledPlanId, interval: row.scheduledInterval });
    await syncSubscription(syncDeps, provider, row.subscriptionId);
    return reply.code(204).send();
  });

  // Cancel in one click: the plan runs to the period's end, then the account returns to the starting plan.
  app.post('/billing/cancel', guard, async (request, reply) => {
    const { provider, row } = await paying(request);
    await provider.setCancelAtPeriodEnd(row.subscriptionId, true);
    await audit(request, 'billing.cancel_requested', row, { endsAt: row.currentPeriodEnd.toISOString() });
    await syncSubscription(syncDeps, provider, row.subscriptionId);
    return reply.code(204).send();
  });

  app.post('/billing/cancel/undo', guard, async (request, reply) => {
    const { provider, row } = await paying(request);
    if (!row.cancelAtPeriodEnd) throw new AppError('conflict', 'errors.billingNotCancelled');
    await provider.setCancelAtPeriodEnd(row.subscriptionId, false);
    await audit(request, 'billing.cancel_undone', row, {});
    await syncSubscription(syncDeps, provider, row.subscriptionId);
    return reply.code(204).send();
  });

  app.post('/billing/portal', { schema: { response: { 200: ZBillingPortalResponse } }, ...guard }, async (request) => {
    const row = await subscriptionOf(db, actorOf(request).member.accountId);
    if (!row) throw new AppError('conflict', 'errors.billingNoSubscription');
    const provider = (await deps.billing.current())[row.provider];
    if (!provider) throw new AppError('conflict', 'errors.billingOff');
    if (!provider.offers.paymentPortal) throw new AppError('conflict', 'errors.billingPortalNotOffered');
    return provider.paymentPortal(row.customerId, `${config.publicUrl}${webPaths.user.billing.path}`);
  });

  app.get('/billing/payment-method', { schema: { response: { 200: ZPaymentMethodResponse } }, ...guard }, async (request, reply) => {
    const row = await subscriptionOf(db, actorOf(request).member.accountId);
    const provider = row ? (await deps.billing.current())[row.provider] : null;
    reply.header('cache-control', 'no-store');
    if (!provider?.offers.paymentPortal || !row || row.status === 'canceled') return { card: null };
    return { card: await provider.paymentCard(row.subscriptionId) };
  });
};

/**
 * The quote's moment, if it is one the provider could have given for this period and not long ago by the provider's
 * own clock (which a test clock moves); a later moment would prorate less than is owed, an old one asks for a new look.
 */
async function quoteStillValid(provider: BillingProvider, row: Subscription, priceId: string, quotedAt: Date): Promise<Date> {
  const { prorationDate: providerNow } = await provider.previewPlanChange(row.subscriptionId, priceId, null);
  const age = providerNow.getTime() - quotedAt.getTime();
  if (age < 0 || age > QUOTE_VALID_MS || quotedAt < row.currentPeriodStart)
    throw new AppError('conflict', 'errors.planChangeQuoteExpired', {}, 'body.quotedAt');
  return quotedAt;
}

async function subscriptionOf(db: Database, accountId: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return row;
}

/** A plan's monthly list price, which ranks plans for a change; null for a plan not on sale. */
async function monthlyPriceOf(db: Database, planId: string): Promise<number | null> {
  const [plan] = await db.select({ cents: plans.monthlyPriceCents }).from(plans).where(eq(plans.id, planId));
  return plan?.cents ?? null;
}

async function currencyOf(db: Database, planId: string): Promise<string> {
  const [plan] = await db
    .select({ currency: plans.currency })
    .from(plans)
    .where(and(eq(plans.id, planId), isNull(plans.archivedAt)));
  return (plan?.currency ?? 'USD').toUpperCase();
}
