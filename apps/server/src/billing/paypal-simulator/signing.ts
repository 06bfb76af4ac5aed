import { execFile } from 'node:child_process';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PAYPAL_AUTH_ALGO, paypalSignedMessage } from '../paypal-webhook-signature';

export type SigningCertificate = { id: string; pem: string; key: KeyObject };

/**
 * A self-signed RSA certificate made for this run by openssl (the e-mail gateway's STARTTLS test takes one too): the
 * simulator signs its webhooks with its key and serves it at its certificate URL, as PayPal serves its own.
 */
export async function makeSigningCertificate(id: string): Promise<SigningCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paypal-simulator-'));
  try {
    const keyPath = path.join(dir, 'key.pem');
    const certPath = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=PayPal simulator webhooks',
      '-days',
      '30',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ]);
    return { id, pem: await readFile(certPath, 'utf8'), key: createPrivateKey(await readFile(keyPath, 'utf8')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The headers PayPal sends with a webhook, signing this body for this webhook id now. */
export function signedHeaders(body: string, webhookId: string, certificate: SigningCertificate, certUrl: string, transmissionId: string) {
  const transmissionTime = new Date().toISOString();
  const message = paypalSignedMessage(transmissionId, transmissionTime, webhookId, Buffer.from(body, 'utf8'));
  return {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': sign('sha256', Buffer.from(message, 'utf8'), certificate.key).toString('base64'),
    'paypal-cert-url': certUrl,
    'paypal-auth-algo': PAYPAL_AUTH_ALGO,
  };
}
