import { verify, X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';
import { InvalidWebhook } from './billing-provider';

/** The only algorithm PayPal signs webhooks with (the `PAYPAL-AUTH-ALGO` header). */
export const PAYPAL_AUTH_ALGO = 'SHA256withRSA';

/** PayPal's own API hosts, and the host each serves its webhook certificates from (`api.` instead of `api-m.`). */
const CERTIFICATE_HOSTS: Record<string, string> = {
  'api-m.paypal.com': 'api.paypal.com',
  'api-m.sandbox.paypal.com': 'api.sandbox.paypal.com',
};

/**
 * What PayPal signs for a webhook: "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body>", the
 * CRC32 written as an unsigned decimal (PayPal's documented offline check).
 */
export function paypalSignedMessage(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: Buffer): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/**
 * Whether a webhook's certificate is served from where PayPal serves them for the API Faxline is configured with: the
 * API's own origin (a simulator), or PayPal's certificate host over https. A certificate from anywhere else could be
 * anyone's, so its signature proves nothing.
 */
export function certificateUrlAllowed(certUrl: string, apiUrl: string): boolean {
  let cert: URL;
  try {
    cert = new URL(certUrl);
  } catch {
    return false;
  }
  const api = new URL(apiUrl);
  if (cert.origin === api.origin) return true;
  return cert.protocol === 'https:' && cert.port === '' && CERTIFICATE_HOSTS[api.hostname] === cert.hostname;
}

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  if (typeof value !== 'string' || value === '') throw new InvalidWebhook(`no ${name} header`);
  return value;
};

export type PayPalWebhookCheck = {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The id PayPal gave the webhook endpoint (PAYPAL_WEBHOOK_ID): part of what is signed. */
  webhookId: string;
  apiUrl: string;
  /** The certificate at an allowed URL (fetched once and kept by the caller). */
  certificate(url: string): Promise<string>;
};

/**
 * Checks a PayPal webhook's signature offline: the certificate named by `PAYPAL-CERT-URL` (on PayPal's host only) must
 * be valid now, and its public key must verify `PAYPAL-TRANSMISSION-SIG` over the signed message. Throws
 * `InvalidWebhook` when anything is missing or does not match.
 */
export async function verifyPayPalSignature(check: PayPalWebhookCheck): Promise<void> {
  const { headers } = check;
  const transmissionId = header(headers, 'paypal-transmission-id');
  const transmissionTime = header(headers, 'paypal-transmission-time');
  const signature = header(headers, 'paypal-transmission-sig');
  const certUrl = header(headers, 'paypal-cert-url');
  if (header(headers, 'paypal-auth-algo') !== PAYPAL_AUTH_ALGO) throw new InvalidWebhook('unknown PAYPAL-AUTH-ALGO');
  if (!certificateUrlAllowed(certUrl, check.apiUrl)) throw new InvalidWebhook(`certificate not on PayPal's host: ${certUrl}`);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(await check.certificate(certUrl));
  } catch (error) {
    throw new InvalidWebhook(`no certificate at ${certUrl}: ${(error as Error).message}`);
  }
  const now = Date.now();
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) throw new InvalidWebhook('certificate expired');
  const message = paypalSignedMessage(transmissionId, transmissionTime, check.webhookId, check.rawBody);
  const valid = verify('sha256', Buffer.from(message, 'utf8'), certificate.publicKey, Buffer.from(signature, 'base64'));
  if (!valid) throw new InvalidWebhook('signature does not match');
}
