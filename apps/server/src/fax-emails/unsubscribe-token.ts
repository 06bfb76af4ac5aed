import { LANGUAGES, NOTICE_SETTINGS } from '@faxline/shared';
import { z } from 'zod';
import type { TConfig } from '../platform/config';
import { signToken, tokenKeyOf, verifyToken, type TokenKey } from '../platform/signed-token';

/** Where an unsubscribe link points: the page that asks (GET) and the one-click endpoint (POST, RFC 8058). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * What an unsubscribe link turns off: a person's preference, or one of a number's or a routing rule's extra addresses
 * (which have no preference of their own). The language is the e-mail's, for the pages the link opens.
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
  /** An address a routing rule forwards faxes to (decision 104). */
  z.object({
    kind: z.literal('rule'),
    accountId: z.string().min(1),
    ruleId: z.string().min(1),
    address: z.string().min(1),
    language: z.enum(LANGUAGES),
  }),
]);
export type TUnsubscribeTarget = z.infer<typeof ZUnsubscribeTarget>;

/** The key that signs the links: derived from the installation's auth secret, and good for nothing else. */
export type UnsubscribeKey = TokenKey;

export const unsubscribeKeyOf = (config: Pick<TConfig, 'authSecret' | 'dataDir'>): Promise<UnsubscribeKey> =>
  tokenKeyOf(config, 'notification-unsubscribe');

/**
 * A link's token: the target, signed. It does not expire: an unsubscribe link must keep working as long as the
 * e-mails it came in (RFC 8058), and all it can do is stop e-mails.
 */
export const signUnsubscribeToken = (key: UnsubscribeKey, target: TUnsubscribeTarget): string => signToken(key, target);

/** The target a token names, or null when it was not signed with this key or is malformed. */
export const verifyUnsubscribeToken = (key: UnsubscribeKey, token: string): TUnsubscribeTarget | null =>
  verifyToken(key, token, ZUnsubscribeTarget);

/** The link itself, on the address people reach Faxline at. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
