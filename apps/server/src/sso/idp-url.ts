import { isPublicAddress, literalAddressOf } from '../documents/fetch-url/fetch-file-url-checks';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';

export type IdpUrlConfig = Pick<TConfig, 'webhooks'>;

/**
 * An identity provider's address that Faxline itself calls (OIDC discovery, SAML metadata), judged by the webhooks'
 * rule, since both are addresses an account names: https and public addresses only in production; a provider on this
 * machine in development and tests (WEBHOOK_PRIVATE_ADDRESSES).
 */
export function checkIdpUrl(value: string, config: IdpUrlConfig): URL {
  const url = new URL(value);
  const local = /^(localhost|.*\.localhost)\.?$/i.test(url.hostname);
  const literal = literalAddressOf(url);
  const refused =
    (url.protocol !== 'https:' && (config.webhooks.httpsOnly || url.protocol !== 'http:')) ||
    Boolean(url.username || url.password) ||
    (!config.webhooks.privateAddresses && (local || (literal !== null && !isPublicAddress(literal))));
  if (refused) throw new AppError('invalid_request', 'sso.urlInvalid');
  return url;
}
