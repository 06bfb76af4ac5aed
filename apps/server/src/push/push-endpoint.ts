import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';
import { checkWebhookUrl } from '../webhooks/webhook-url';

/**
 * A push service's endpoint is a URL the worker will post to, given by a browser: held to the webhooks' rules (https
 * only and no private address in production; a local receiver in development and tests), with its own message.
 */
export function checkPushEndpoint(value: string, config: Pick<TConfig, 'webhooks'>): string {
  try {
    return checkWebhookUrl(value, config);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('invalid_request', 'errors.pushEndpointRefused', {}, 'body.endpoint');
    throw error;
  }
}
