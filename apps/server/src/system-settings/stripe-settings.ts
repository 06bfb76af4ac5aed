import {
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_SECRET_SETTINGS,
  STRIPE_WEBHOOK_SECRET_PATTERN,
  type TSaveSystemSettingsRequest,
  type TSystemSettingsResponse,
} from '@faxline/shared';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';

/**
 * Whether the server's environment sets Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, or the test mode's
 * simulator, which server.ts writes into the configuration): then they are in force and the back office's are not
 * (decision 085).
 */
export const stripeFromEnvironment = (config: Pick<TConfig, 'stripe'>): boolean =>
  Boolean(config.stripe.secretKey || config.stripe.webhookSecret);

const field = (name: string) => `body.secrets.${name}`;

/**
 * The Stripe keys of a save, checked as they will stand after it (decision 085): each in Stripe's format, and both or
 * neither (one alone takes no payment). While the environment sets Stripe's keys these cannot be changed (they would
 * not be used). Throws the refusal, on the field to fix.
 */
export function checkStripeSettings(
  request: { secrets: NonNullable<TSaveSystemSettingsRequest['secrets']> },
  stored: Pick<TSystemSettingsResponse, 'secrets'>,
  config: Pick<TConfig, 'stripe'>,
): void {
  const given = STRIPE_SECRET_SETTINGS.filter((name) => request.secrets[name] !== undefined);
  if (given.length === 0) return;
  if (stripeFromEnvironment(config)) throw new AppError('invalid_request', 'errors.stripeFromEnvironment', {}, field(given[0]!));
  const { stripeSecretKey, stripeWebhookSecret } = request.secrets;
  if (stripeSecretKey && !STRIPE_SECRET_KEY_PATTERN.test(stripeSecretKey))
    throw new AppError('invalid_request', 'errors.stripeSecretKeyFormat', {}, field('stripeSecretKey'));
  if (stripeWebhookSecret && !STRIPE_WEBHOOK_SECRET_PATTERN.test(stripeWebhookSecret))
    throw new AppError('invalid_request', 'errors.stripeWebhookSecretFormat', {}, field('stripeWebhookSecret'));
  const willBeSet = STRIPE_SECRET_SETTINGS.map((name) => {
    const value = request.secrets[name];
    return value === undefined ? stored.secrets[name]?.set === true : value !== '';
  });
  if (willBeSet[0] !== willBeSet[1]) {
    const missing = STRIPE_SECRET_SETTINGS[willBeSet[0] ? 1 : 0];
    throw new AppError('invalid_request', 'errors.stripeSettingsIncomplete', {}, field(missing));
  }
}
