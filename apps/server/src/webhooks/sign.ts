import { createPrivateKey, sign } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { SECRET_KEY_PREFIX, SYMMETRIC_PREFIX } from './secrets';

/** The signature of one key: `v1,…` (HMAC-SHA256, by the standardwebhooks package) or `v1a,…` (Ed25519). */
function signatureOf(secret: string, id: string, timestamp: Date, body: string): string {
  if (secret.startsWith(SYMMETRIC_PREFIX)) return new Webhook(secret).sign(id, timestamp, body);
  if (!secret.startsWith(SECRET_KEY_PREFIX)) throw new Error('Unknown webhook signing secret format');
  const key = Buffer.from(secret.slice(SECRET_KEY_PREFIX.length), 'base64');
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: key.subarray(0, 32).toString('base64url'), x: key.subarray(32).toString('base64url') },
    format: 'jwk',
  });
  // The spec signs what v1 signs: `{id}.{seconds}.{body}`.
  const seconds = Math.floor(timestamp.getTime() / 1000);
  return `v1a,${sign(null, Buffer.from(`${id}.${seconds}.${body}`), privateKey).toString('base64')}`;
}

/**
 * The `webhook-signature` header: one signature per key, space-separated (the current key first, then a rotated one
 * still in its overlap), so that a receiver holding either verifies the message.
 */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' ');
}
