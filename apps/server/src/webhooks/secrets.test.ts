import { describe, expect, it } from 'vitest';
import { newSigningSecret, openSigningSecret, sealSigningSecret } from './secrets';

describe('webhook signing secrets', () => {
  it('makes whsec_ secrets of 24 random bytes, different every time', () => {
    const a = newSigningSecret('hmac-sha256');
    expect(a.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(a.publicKey).toBeNull();
    expect(newSigningSecret('hmac-sha256').secret).not.toBe(a.secret);
  });

  it('makes Ed25519 pairs: the secret key holds the public key the receiver is shown', () => {
    const { secret, publicKey } = newSigningSecret('ed25519');
    const key = Buffer.from(secret.slice('whsk_'.length), 'base64');
    const shown = Buffer.from(publicKey!.slice('whpk_'.length), 'base64');
    expect(key).toHaveLength(64);
    expect(shown).toHaveLength(32);
    expect(key.subarray(32).equals(shown)).toBe(true);
  });

  it('stores them sealed: the stored text does not contain the secret, and opens with the same installation secret only', async () => {
    const config = { authSecret: 'an-installation-secret-'.padEnd(40, 'x'), dataDir: '/nonexistent' };
    const { secret } = newSigningSecret('hmac-sha256');
    const sealed = await sealSigningSecret(config, secret);
    expect(sealed).not.toContain(secret.slice('whsec_'.length));
    expect(await openSigningSecret(config, sealed)).toBe(secret);
    await expect(openSigningSecret({ ...config, authSecret: 'another-installation-secret'.padEnd(40, 'y') }, sealed)).rejects.toThrow();
  });
});
