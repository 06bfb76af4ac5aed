import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../platform/config';
import { tokenKeyOf, type TokenKey } from '../platform/signed-token';
import { clock } from '../platform/clock';

/** Where a carrier fetches a fax's pages: `/media/<token>` on the address the world reaches Faxline at. */
export const MEDIA_PATH = '/media';

/** How long a media link works: a carrier fetches the pages within minutes of being handed the fax. */
export const MEDIA_LINK_SECONDS = 60 * 60;

const keyOf = (config: Pick<TConfig, 'authSecret' | 'dataDir'>) => tokenKeyOf(config, 'fax-media');

/**
 * A token short enough for one path segment (54 characters): the fax's id (16 bytes), the try (4 bytes) and the
 * link's end in unix seconds (4 bytes), then 16 bytes of their HMAC-SHA256, in base64url.
 */
const UUID_HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const macOf = (key: TokenKey, payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

const PAYLOAD_BYTES = 24;

function encode(key: TokenKey, { faxId, attempt }: MediaTry, expiresAt: number): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(faxId.replaceAll('-', ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(attempt, 16);
  payload.writeUInt32BE(expiresAt, 20);
  return Buffer.concat([payload, macOf(key, payload)]).toString('base64url');
}

function decode(key: TokenKey, token: string): (MediaTry & { expiresAt: number }) | null {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), macOf(key, payload))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const faxId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID_HEX.test(faxId) ? { faxId, attempt: payload.readUInt32BE(16), expiresAt: payload.readUInt32BE(20) } : null;
}

/** A try of a fax: what a media link opens (the pages as that try hands them to the carrier). */
export type MediaTry = { faxId: string; attempt: number };

/**
 * A link to the pages of one try of a fax, for the carrier that sends it: signed with a key good
 * for nothing else, naming the fax, the try and the moment it stops working. It opens those pages and nothing else.
 */
export async function mediaLinkOf(
  config: Pick<TConfig, 'authSecret' | 'dataDir' | 'publicUrl'>,
  target: MediaTry,
  now = clock.now(),
): Promise<string> {
  const token = encode(await keyOf(config), target, Math.floor(now.getTime() / 1000) + MEDIA_LINK_SECONDS);
  return `${config.publicUrl}${MEDIA_PATH}/${token}`;
}

/** The try a media link's token opens, or null when it is forged, malformed or expired. */
export async function tryOfMediaToken(
  config: Pick<TConfig, 'authSecret' | 'dataDir'>,
  token: string,
  now = clock.now(),
): Promise<MediaTry | null> {
  const value = decode(await keyOf(config), token);
  if (!value || value.expiresAt * 1000 <= now.getTime()) return null;
  return { faxId: value.faxId, attempt: value.attempt };
}
