import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../platform/config';
import { tokenKeyOf, type TokenKey } from '../platform/signed-token';

/** Where a carrier fetches a fax's pages: `/media/<token>` on the address the world reaches Faxline at. */
export const MEDIA_PATH = '/media';

/** How long a media link works: a carrier fetches the pages within minutes of being handed the fax (issue 20). */
export const MEDIA_LINK_SECONDS = 60 * 60;

const keyOf = (config: Pick<TConfig, 'authSecret' | 'dataDir'>) => tokenKeyOf(config, 'fax-media');

/**
 * A token short enough for one path segment (48 characters): the fax's id (16 bytes) and the link's end in unix
 * seconds (4 bytes), then 16 bytes of their HMAC-SHA256, in base64url.
 */
const UUID_HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const macOf = (key: TokenKey, payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

function encode(key: TokenKey, faxId: string, expiresAt: number): string {
  const payload = Buffer.alloc(20);
  Buffer.from(faxId.replaceAll('-', ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(expiresAt, 16);
  return Buffer.concat([payload, macOf(key, payload)]).toString('base64url');
}

function decode(key: TokenKey, token: string): { faxId: string; expiresAt: number } | null {
  if (!/^[A-Za-z0-9_-]{48}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const payload = bytes.subarray(0, 20);
  if (!timingSafeEqual(bytes.subarray(20), macOf(key, payload))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const faxId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID_HEX.test(faxId) ? { faxId, expiresAt: payload.readUInt32BE(16) } : null;
}

/**
 * A link to one fax's document, for the carrier that sends it (issue 20, item 4): signed with a key good for nothing
 * else, naming the fax and the moment it stops working. It opens that document and nothing else.
 */
export async function mediaLinkOf(
  config: Pick<TConfig, 'authSecret' | 'dataDir' | 'publicUrl'>,
  faxId: string,
  now = new Date(),
): Promise<string> {
  const token = encode(await keyOf(config), faxId, Math.floor(now.getTime() / 1000) + MEDIA_LINK_SECONDS);
  return `${config.publicUrl}${MEDIA_PATH}/${token}`;
}

/** The fax a media link's token opens, or null when it is forged, malformed or expired. */
export async function faxOfMediaToken(
  config: Pick<TConfig, 'authSecret' | 'dataDir'>,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const value = decode(await keyOf(config), token);
  if (!value || value.expiresAt * 1000 <= now.getTime()) return null;
  return value.faxId;
}
