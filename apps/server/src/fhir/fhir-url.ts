import { isPublicAddress, literalAddressOf } from '../documents/fetch-url/fetch-file-url-checks';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';

/**
 * Where a FHIR server may be: the same rule as the webhooks', since both are an account's own addresses that the
 * workers call (WEBHOOK_PRIVATE_ADDRESSES: https only and public addresses only in production; a server on this
 * machine in development and tests).
 */
export type FhirUrlConfig = Pick<TConfig, 'webhooks'>;

export function mayConnectTo(address: string, config: FhirUrlConfig): boolean {
  return config.webhooks.privateAddresses || isPublicAddress(address);
}

function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Why this URL may never be called (words for the export's error), or null. Names are judged again at each call. */
export function refusalOfFhirUrl(url: URL, config: FhirUrlConfig): string | null {
  if (url.protocol !== 'https:' && (config.webhooks.httpsOnly || url.protocol !== 'http:')) return 'refused: the URL is not https';
  if (url.username || url.password) return 'refused: the URL holds credentials';
  const literal = literalAddressOf(url);
  if (literal && !mayConnectTo(literal, config)) return `refused: ${url.hostname} is not a public internet address`;
  if (!config.webhooks.privateAddresses && isLocalName(url.hostname)) return `refused: ${url.hostname} is this machine`;
  return null;
}

/**
 * A base or token URL as it is saved: refused at once when it could never be called; a base URL loses its trailing
 * slash, so that `${base}/Patient` is one slash.
 */
export function checkFhirUrl(value: string, config: FhirUrlConfig): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && config.webhooks.httpsOnly) throw new AppError('invalid_request', 'fhir.urlNotHttps');
  if (url.username || url.password) throw new AppError('invalid_request', 'fhir.urlInvalid');
  if (refusalOfFhirUrl(url, config)) throw new AppError('invalid_request', 'fhir.addressRefused');
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}
