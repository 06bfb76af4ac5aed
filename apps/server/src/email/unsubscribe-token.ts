import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { LANGUAGES, NOTICE_SETTINGS } from '@faxline/shared';
import { z } from 'zod';
import type { TConfig } from '../platform/config';
import { readOrCreateLocalSecret } from '../platform/local-secret';

/** Where an unsubscribe link points: the page that asks (GET) and the one-click endpoint (POST, RFC 8058). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * What an unsubscribe link turns off: a person's preference, or one of a number's extra addresses (which has no
 * preference of its own). The language is the e-mail's, for the pages the link opens.
 */
export const ZUnsubscribeTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person'), userId: z.string().min(1), setting: z.enum(NOTICE_SETTINGS), language: z.enum(LANGUAGES) }),
  z.object({
    kind: z.literal('number'),
    accountId: z.string().min(1),
    numberId: z.string().min(1),
    address: z.string().min(1),
    language: z.enum(LANGUAGES),
  }),
]);
export type TUnsubscribeTarget = z.infer<typeof ZUnsubscribeTarget>;

/** The key that signs the links: derived from the installation's auth secret, and good for nothing else. */
export type UnsubscribeKey = Buffer;

const keys = new Map<string, Promise<UnsubscribeKey>>();

/** The key, from AUTH_SECRET or the secret generated beside the data (as the API process reads it: server.ts). */
export function unsubscribeKeyOf(config: Pick<TConfig, 'authSecret' | 'dataDir'>): Promise<UnsubscribeKey> {
  const cacheKey = config.authSecret ?? `file:${config.dataDir}`;
  let key = keys.get(cacheKey);
  if (!key) {
    const secret = config.authSecret
      ? Promise.resolve(config.authSecret)
      : readOrCreateLocalSecret(path.join(config.dataDir, 'auth.secret'));
    key = secret.then((value) => createHmac('sha256', value).update('faxline:notification-unsubscribe:v1').digest());
    keys.set(cacheKey, key);
  }
  return key;
}

const mac = (key: UnsubscribeKey, payload: string) => createHmac('sha256', key).update(payload).digest();

/**
 * A link's token: the target in base64url JSON and its HMAC-SHA256. It does not expire: an unsubscribe link must keep
 * working as long as the e-mails it came in (RFC 8058), and all it can do is stop e-mails.
 */
export function signUnsubscribeToken(key: UnsubscribeKey, target: TUnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify(target)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The target a token names, or null when it was not signed with this key or is malformed. */
export function verifyUnsubscribeToken(key: UnsubscribeKey, token: string): TUnsubscribeTarget | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = ZUnsubscribeTarget.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The link itself, on the address people reach Faxline at. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
