import type { TBillingProvider, TSecretSetting, TSystemSettingsValues } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import { paypalFromEnvironment } from '../system-settings/paypal-settings';
import { stripeFromEnvironment } from '../system-settings/stripe-settings';
import type { BillingProvider, ProviderOffers } from './billing-provider';
import { PAYPAL_OFFERS, paypalProvider } from './paypal-provider';
import { STRIPE_OFFERS, stripeProvider } from './stripe-provider';

/** What each provider offers, for the checks made without a provider at hand (in a transaction: overage, decision 093). */
export const PROVIDER_OFFERS: Record<TBillingProvider, ProviderOffers> = { stripe: STRIPE_OFFERS, paypal: PAYPAL_OFFERS };

/** The providers that offer this. */
export const providersOffering = (offer: keyof ProviderOffers): TBillingProvider[] =>
  (Object.keys(PROVIDER_OFFERS) as TBillingProvider[]).filter((name) => PROVIDER_OFFERS[name][offer]);

/**
 * The payment providers configured (decisions 082 and 095): Stripe when its secret key and webhook secret are given,
 * pointed at STRIPE_API_URL; PayPal when its client id, secret and webhook id are, pointed at PAYPAL_API_URL. None:
 * billing is off and plans are assigned in the back office. Each subscription names its provider, and is always
 * reached through it (`providers[row.provider]`).
 */
export type BillingProviders = Record<TBillingProvider, BillingProvider | null>;

/** Where the back office's keys are read: the process's copy of the platform settings, kept by NOTIFY. */
export type BillingKeysSource = {
  secret(name: TSecretSetting): Promise<string | null>;
  current(): Promise<Pick<TSystemSettingsValues, 'paypalClientId'>>;
};

/** The payment providers in force now, in any process: ask at each use, never keep the answer. */
export type BillingInForce = { current(): Promise<BillingProviders> };

/** The providers in force, in the order a first subscription offers them: card (Stripe) first. */
export const providersInForce = (providers: BillingProviders): BillingProvider[] =>
  [providers.stripe, providers.paypal].filter((provider): provider is BillingProvider => provider !== null);

function stripeOf(stripe: TConfig['stripe']): BillingProvider | null {
  const { secretKey, webhookSecret, apiUrl } = stripe;
  return secretKey && webhookSecret ? stripeProvider({ secretKey, webhookSecret, apiUrl }) : null;
}

function paypalOf(paypal: TConfig['paypal']): BillingProvider | null {
  const { clientId, clientSecret, webhookId, apiUrl } = paypal;
  return clientId && clientSecret && webhookId ? paypalProvider({ clientId, clientSecret, webhookId, apiUrl }) : null;
}

export function billingProvidersOf(config: Pick<TConfig, 'stripe' | 'paypal'>): BillingProviders {
  return { stripe: stripeOf(config.stripe), paypal: paypalOf(config.paypal) };
}

/**
 * One provider made from the keys in force, as the lines are from the carriers' (decision 058): the environment's when
 * it sets that provider's keys (or the test mode's simulator), else the back office's, read from the process's copy
 * of the settings, which follows each save through NOTIFY. A provider is made again only when its keys change.
 */
function keysInForce<K>(fromEnvironment: boolean, environment: K, read: () => Promise<K>, make: (keys: K) => BillingProvider | null) {
  if (fromEnvironment) {
    const provider = make(environment);
    return async () => provider;
  }
  let made: { keys: string; provider: BillingProvider | null } | null = null;
  return async () => {
    const keys = await read();
    const fingerprint = JSON.stringify(keys);
    if (made?.keys !== fingerprint) made = { keys: fingerprint, provider: make(keys) };
    return made.provider;
  };
}

/** The providers made from the keys in force (decisions 085 and 095): each from the environment when it sets it, else from the back office. */
export function billingInForce(deps: { config: Pick<TConfig, 'stripe' | 'paypal'>; systemSettings: BillingKeysSource }): BillingInForce {
  const { config, systemSettings } = deps;
  const secret = async (name: TSecretSetting) => (await systemSettings.secret(name)) ?? undefined;
  const stripe = keysInForce(
    stripeFromEnvironment(config),
    config.stripe,
    async () => ({ ...config.stripe, secretKey: await secret('stripeSecretKey'), webhookSecret: await secret('stripeWebhookSecret') }),
    stripeOf,
  );
  const paypal = keysInForce(
    paypalFromEnvironment(config),
    config.paypal,
    async () => ({
      ...config.paypal,
      clientId: (await systemSettings.current()).paypalClientId || undefined,
      clientSecret: await secret('paypalClientSecret'),
      webhookId: await secret('paypalWebhookId'),
    }),
    paypalOf,
  );
  return {
    current: async () => {
      const [stripeNow, paypalNow] = await Promise.all([stripe(), paypal()]);
      return { stripe: stripeNow, paypal: paypalNow };
    },
  };
}
