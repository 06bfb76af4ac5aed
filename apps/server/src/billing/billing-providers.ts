import type { TStripeSecretSetting } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import { stripeFromEnvironment } from '../system-settings/stripe-settings';
import type { BillingProvider } from './billing-provider';
import { stripeProvider } from './stripe-provider';

/**
 * The payment providers configured (decision 082): Stripe when its secret key and webhook secret are given, pointed
 * at STRIPE_API_URL. None: billing is off and plans are assigned in the back office.
 */
export type BillingProviders = { stripe: BillingProvider | null };

/** Where the back office's Stripe keys are read: the process's copy of the platform settings, kept by NOTIFY. */
export type StripeKeysSource = { secret(name: TStripeSecretSetting): Promise<string | null> };

/** The payment providers in force now, in any process: ask at each use, never keep the answer. */
export type BillingInForce = { current(): Promise<BillingProviders> };

export function billingProvidersOf(config: Pick<TConfig, 'stripe'>): BillingProviders {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  return { stripe: secretKey && webhookSecret ? stripeProvider({ secretKey, webhookSecret, apiUrl }) : null };
}

/**
 * The providers made from the keys in force (decision 085), as the lines are from the carriers' (decision 058): the
 * environment's when it sets Stripe's keys (or the test mode's simulator), else the back office's, read from the
 * process's copy of the settings, which follows each save through NOTIFY; so a save takes effect in every process at
 * its commit. A provider is made again only when the keys change.
 */
export function billingInForce(deps: { config: Pick<TConfig, 'stripe'>; systemSettings: StripeKeysSource }): BillingInForce {
  const { config, systemSettings } = deps;
  if (stripeFromEnvironment(config)) {
    const providers = billingProvidersOf(config);
    return { current: async () => providers };
  }
  let made: { keys: string; providers: BillingProviders } | null = null;
  return {
    current: async () => {
      const [secretKey, webhookSecret] = await Promise.all([
        systemSettings.secret('stripeSecretKey'),
        systemSettings.secret('stripeWebhookSecret'),
      ]);
      const keys = `${secretKey ?? ''}\n${webhookSecret ?? ''}`;
      if (made?.keys !== keys) {
        const stripe = { ...config.stripe, secretKey: secretKey ?? undefined, webhookSecret: webhookSecret ?? undefined };
        made = { keys, providers: billingProvidersOf({ stripe }) };
      }
      return made.providers;
    },
  };
}
