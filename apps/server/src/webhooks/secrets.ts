import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TWebhookSigning } from '@faxline/shared';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { TConfig } from '../platform/config';
import { readOrCreateLocalSecret } from '../platform/local-secret';

/** Standard Webhooks' prefixes: the symmetric secret, and the Ed25519 secret and public keys. */
export const SYMMETRIC_PREFIX = 'whsec_';
export const SECRET_KEY_PREFIX = 'whsk_';
export const PUBLIC_KEY_PREFIX = 'whpk_';

/**
 * A new signing secret for an endpoint. HMAC: `whsec_` and 24 random bytes (the spec's minimum), which is also what
 * the receiver is shown. Ed25519: a key pair; Faxline keeps the secret key (`whsk_`, the 32-byte seed followed by the
 * 32-byte public key, as libsodium writes it) and the receiver is shown the public key (`whpk_`, its 32 bytes).
 */
export function newSigningSecret(signing: TWebhookSigning): { secret: string; publicKey: string | null; shown: string } {
  if (signing === 'hmac-sha256') {
    const secret = SYMMETRIC_PREFIX + randomBytes(24).toString('base64');
    return { secret, publicKey: null, shown: secret };
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const raw = Buffer.from(jwk.x!, 'base64url');
  const publicKey = PUBLIC_KEY_PREFIX + raw.toString('base64');
  return { secret: SECRET_KEY_PREFIX + Buffer.concat([seed, raw]).toString('base64'), publicKey, shown: publicKey };
}

const installationSecrets = new Map<string, Promise<string>>();

/**
 * The installation's secret, the one that seals the back office's stored credentials (system-settings): AUTH_SECRET,
 * or the one generated once into DATA_DIR. The API and the worker both read it here, so either can open what the
 * other sealed.
 */
function installationSecret(config: Pick<TConfig, 'authSecret' | 'dataDir'>): Promise<string> {
  if (config.authSecret) return Promise.resolve(config.authSecret);
  const file = path.join(config.dataDir, 'auth.secret');
  let secret = installationSecrets.get(file);
  if (!secret) installationSecrets.set(file, (secret = readOrCreateLocalSecret(file)));
  return secret;
}

type SecretConfig = Pick<TConfig, 'authSecret' | 'dataDir'>;

/** A signing secret as it is stored: encrypted, as the platform's other stored secrets are. */
export async function sealSigningSecret(config: SecretConfig, secret: string): Promise<string> {
  return symmetricEncrypt({ key: await installationSecret(config), data: secret });
}

export async function openSigningSecret(config: SecretConfig, sealed: string): Promise<string> {
  return symmetricDecrypt({ key: await installationSecret(config), data: sealed });
}
