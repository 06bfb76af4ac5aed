import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Logger } from '../platform/logger';
import type { Database } from '../platform/db/client';
import type { TConfig } from '../platform/config';
import { namePlanPrices, pricedPlans } from '../plans/plan-prices';
import { paypalFromEnvironment } from '../system-settings/paypal-settings';
import { recreatePromotionCoupons } from './promotions/test-mode-coupons';
import { paypalProvider } from './paypal-provider';
import { startPayPalSimulator, type PayPalSimulator } from './paypal-simulator/server';
import { startStripeSimulator, type StripeSimulator } from './stripe-simulator/server';
import { stripeProvider } from './stripe-provider';

/** The simulator's secret key: it accepts any, and this one says what it is in logs. */
const SIMULATOR_SECRET_KEY = 'sk_test_faxline_simulator';

/**
 * Billing in test mode (decision 082): the Stripe simulator, started by this process, with each plan on sale given a
 * monthly and a yearly price in it, so that a fresh machine can click through buying a plan. The simulator keeps its
 * customers and subscriptions in memory: a restart begins them anew (the plans are priced again). Answers the Stripe
 * settings that point the server at it, and `listening`, to call once the server's own address is known (where the
 * simulator posts its webhooks).
 */
export async function startBillingTestMode(deps: { db: Database; logger: Logger; config: Pick<TConfig, 'paypal'> }): Promise<{
  simulator: StripeSimulator;
  stripe: TConfig['stripe'];
  /** The PayPal simulator's settings, unless the environment sets PayPal's own. */
  paypal: TConfig['paypal'];
  listening: (serverUrl: string) => void;
  close(): Promise<void>;
}> {
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const simulator = await startStripeSimulator({ webhookSecret, renewalCheckMs: 60_000 });
  try {
    // Priced as the back office's "Create in Stripe" prices a plan: through the provider.
    const stripe = stripeProvider({ secretKey: SIMULATOR_SECRET_KEY, webhookSecret, apiUrl: simulator.url });
    for (const plan of await pricedPlans(deps.db)) {
      await namePlanPrices(
        deps.db,
        'stripe',
        plan.id,
        await stripe.createPlanPrices({
          ...plan,
          monthlyPriceCents: plan.monthlyPriceCents!,
          yearlyMonthlyPriceCents: plan.yearlyMonthlyPriceCents!,
        }),
      );
    }
    // The coupons come back under their own ids, which only the Stripe API itself lets one choose.
    await recreatePromotionCoupons(
      deps.db,
      new Stripe(SIMULATOR_SECRET_KEY, { host: '127.0.0.1', port: simulator.port, protocol: 'http' }),
    );
  } catch (error) {
    await simulator.close();
    throw error;
  }
  deps.logger.warn({ simulator: simulator.url }, 'billing in test mode: payments go to the Stripe simulator, no money moves');
  const paypal = paypalFromEnvironment(deps.config)
    ? null
    : await startPayPalTestMode(deps.db).catch(async (error: unknown) => {
        await simulator.close();
        throw error;
      });
  if (paypal) deps.logger.warn({ simulator: paypal.simulator.url }, 'billing in test mode: PayPal payments go to the PayPal simulator');
  return {
    simulator,
    stripe: { secretKey: SIMULATOR_SECRET_KEY, webhookSecret, apiUrl: simulator.url, simulator: true },
    paypal: paypal?.settings ?? deps.config.paypal,
    listening: (serverUrl) => {
      const base = serverUrl.replace(/\/$/, '');
      simulator.setWebhookUrl(`${base}/api/billing/stripe/webhook`);
      paypal?.simulator.setWebhookUrl(`${base}/api/billing/paypal/webhook`);
    },
    close: async () => {
      await simulator.close();
      await paypal?.simulator.close();
    },
  };
}

/**
 * The PayPal simulator beside Stripe's (decision 095), so that "Pay with PayPal" can be clicked through on a fresh
 * machine too: each plan on sale gets its monthly and yearly billing plans there, made as "Create in PayPal" makes them.
 */
async function startPayPalTestMode(db: Database): Promise<{ simulator: PayPalSimulator; settings: TConfig['paypal'] }> {
  const simulator = await startPayPalSimulator({ renewalCheckMs: 60_000 });
  const settings = { clientId: 'faxline-simulator', clientSecret: 'simulator', webhookId: simulator.webhookId, apiUrl: simulator.url };
  try {
    const paypal = paypalProvider({
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      webhookId: settings.webhookId,
      apiUrl: settings.apiUrl,
    });
    for (const plan of await pricedPlans(db)) {
      const prices = await paypal.createPlanPrices({
        ...plan,
        monthlyPriceCents: plan.monthlyPriceCents!,
        yearlyMonthlyPriceCents: plan.yearlyMonthlyPriceCents!,
      });
      await namePlanPrices(db, 'paypal', plan.id, prices);
    }
  } catch (error) {
    await simulator.close();
    throw error;
  }
  return { simulator, settings };
}
