import { createPublicKey, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, PUBLIC_KEY_PREFIX } from './secrets';
import { signatureHeader } from './sign';

const id = '0f8a2c3e-5b1d-4e7a-9c2b-1d3e4f5a6b7c';
const body = JSON.stringify({ type: 'fax.delivered', timestamp: '2026-11-20T10:00:00.000Z', data: { id: 'fax' } });

/** A receiver's check of a v1a signature: Ed25519 over `{id}.{seconds}.{body}` with the endpoint's public key. */
function verifiesEd25519(publicKey: string, signature: string, timestamp: Date): boolean {
  const x = Buffer.from(publicKey.slice(PUBLIC_KEY_PREFIX.length), 'base64').toString('base64url');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  const signed = `${id}.${Math.floor(timestamp.getTime() / 1000)}.${body}`;
  return verify(null, Buffer.from(signed), key, Buffer.from(signature.replace(/^v1a,/, ''), 'base64'));
}

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs with a whsec_ secret so that the standardwebhooks verifier accepts the message, and refuses it changed', () => {
    const { secret, shown } = newSigningSecret('hmac-sha256');
    expect(shown).toBe(secret);
    const now = new Date();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signatureHeader([secret], id, now, body),
    };
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('delivered', 'failed'), headers)).toThrow();
    expect(() => new Webhook(newSigningSecret('hmac-sha256').secret).verify(body, headers)).toThrow();
  });

  it('signs v1a with an Ed25519 secret key, which its public key (whpk_) verifies', () => {
    const { secret, publicKey, shown } = newSigningSecret('ed25519');
    expect(secret).toMatch(/^whsk_/);
    expect(shown).toBe(publicKey);
    const timestamp = new Date('2026-11-20T10:00:05Z');
    const signature = signatureHeader([secret], id, timestamp, body);
    expect(signature).toMatch(/^v1a,[A-Za-z0-9+/]+=*$/);
    expect(verifiesEd25519(publicKey!, signature, timestamp)).toBe(true);
    expect(verifiesEd25519(newSigningSecret('ed25519').publicKey!, signature, timestamp)).toBe(false);
  });

  it('sends one signature per key during a rotation, space-separated, each verifying with its own key', () => {
    const previous = newSigningSecret('hmac-sha256').secret;
    const current = newSigningSecret('hmac-sha256').secret;
    const now = new Date();
    const header = signatureHeader([current, previous], id, now, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': header };
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
