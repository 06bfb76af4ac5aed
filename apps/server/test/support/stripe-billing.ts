import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { startStripeSimulator } from '../../src/billing/stripe-simulator/server';
import type { Database } from '../../src/platform/db/client';
import { plans } from '../../src/plans/schema';
import { openTestApp } from './test-app';

/**
 * Faxline paying through the Stripe simulator: a test app that listens, configured with the keys, the simulator's
 * webhooks sent to it, and the official `stripe` package pointed at the simulator as Faxline's own client is.
 */
export async function openAppWithStripe(keys: { secretKey: string; webhookSecret: string }, env: Record<string, string> = {}) {
  const simulator = await startStripeSimulator({ webhookSecret: keys.webhookSecret });
  const t = await openTestApp({
    env: { STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret, STRIPE_API_URL: simulator.url, ...env },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  simulator.setWebhookUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/billing/stripe/webhook`);
  const stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port: simulator.port, protocol: 'http' });
  return { t, simulator, stripe };
}

/**
 * A plan of the catalogue sold at the Stripe simulator as the back office's plan form sells it: a product with the
 * plan's monthly price and its yearly one (twelve times the yearly monthly price), both named on the plan.
 */
export async function sellPlanAtStripe(db: Database, stripe: Stripe, slug: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.slug, slug));
  if (!plan) throw new Error(`The catalogue has no plan ${slug}`);
  const product = await stripe.products.create({ name: plan.name });
  const price = (interval: 'month' | 'year', cents: number) =>
    stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: cents, recurring: { interval } });
  const monthly = await price('month', plan.monthlyPriceCents!);
  const yearly = await price('year', plan.yearlyMonthlyPriceCents! * 12);
  await db.update(plans).set({ stripeMonthlyPriceId: monthly.id, stripeYearlyPriceId: yearly.id }).where(eq(plans.id, plan.id));
  return { plan, monthly, yearly };
}
