import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { TConfig } from './config';
import { installationSecretOf } from './local-secret';

/** A key that signs one kind of token: derived from the installation's auth secret, and good for nothing else. */
export type TokenKey = Buffer;

const keys = new Map<string, Promise<TokenKey>>();

/**
 * The key of one purpose ("notification-unsubscribe", "fax-media"...), from AUTH_SECRET or the secret generated beside
 * the data (as the API process reads it: server.ts): a token of one purpose is worth nothing as another's.
 */
export function tokenKeyOf(config: Pick<TConfig, 'authSecret' | 'dataDir'>, purpose: string): Promise<TokenKey> {
  const cacheKey = `${purpose}\0${config.authSecret ?? `file:${config.dataDir}`}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = installationSecretOf(config).then((value) => createHmac('sha256', value).update(`faxline:${purpose}:v1`).digest());
    keys.set(cacheKey, key);
  }
  return key;
}

const mac = (key: TokenKey, payload: string) => createHmac('sha256', key).update(payload).digest();

/** A token: the value in base64url JSON and its HMAC-SHA256, both base64url, joined by a dot. */
export function signToken(key: TokenKey, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The value a token holds, or null when it was not signed with this key, is malformed, or is not of the schema. */
export function verifyToken<TSchema extends z.ZodType>(key: TokenKey, token: string, schema: TSchema): z.output<TSchema> | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
