import { PAYPAL_SECRET_SETTINGS, type TSaveSystemSettingsRequest } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';

/**
 * Whether the server's environment sets PayPal's keys (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, or the
 * test mode's simulator, which server.ts writes into the configuration): then they are in force and the back office's
 * are not (decision 095).
 */
export const paypalFromEnvironment = (config: Pick<TConfig, 'paypal'>): boolean =>
  Boolean(config.paypal.clientId || config.paypal.clientSecret || config.paypal.webhookId);

/**
 * The PayPal keys of a save (decision 095): while the environment sets PayPal's, the back office's cannot be changed
 * (they would not be used). Throws the refusal, on the field to fix.
 */
export function checkPayPalSettings(
  request: Pick<TSaveSystemSettingsRequest, 'values' | 'secrets'>,
  stored: { values: Pick<TSaveSystemSettingsRequest['values'], 'paypalClientId'> },
  config: Pick<TConfig, 'paypal'>,
): void {
  if (!paypalFromEnvironment(config)) return;
  const secret = PAYPAL_SECRET_SETTINGS.find((name) => request.secrets?.[name] !== undefined);
  if (secret) throw new AppError('invalid_request', 'errors.paypalFromEnvironment', {}, `body.secrets.${secret}`);
  if (request.values.paypalClientId !== stored.values.paypalClientId)
    throw new AppError('invalid_request', 'errors.paypalFromEnvironment', {}, 'body.values.paypalClientId');
}
