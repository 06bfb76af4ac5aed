import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../platform/config';
import { tokenKeyOf } from '../platform/signed-token';

type TAddressConfig = Pick<TConfig, 'authSecret' | 'dataDir'> & { emailToFax: Pick<TConfig['emailToFax'], 'domain' | 'port'> };

/**
 * A ticket's reply address: `ticket-<the ticket's id in hex>-<its signature>@<the gateway's domain>`. The signature is
 * an HMAC of the id under a key of this purpose alone (80 bits, lower-case hex: mail systems may change a local
 * part's case), so that an address cannot be made up for a ticket whose id someone learnt, and the address fits the
 * 64 characters a local part may have (RFC 5321). An e-mailed reply is matched to its ticket by this address only,
 * never by its subject (decision 114).
 */
const LOCAL_PART = /^ticket-([0-9a-f]{32})-([0-9a-f]{20})$/;
const PURPOSE = 'ticket-reply';

const signatureOf = (key: Buffer, hexId: string) => createHmac('sha256', key).update(hexId).digest().subarray(0, 10);
const hexOf = (ticketId: string) => ticketId.replace(/-/g, '').toLowerCase();
const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The address a reply's e-mail names in Reply-To; null where no SMTP gateway takes mail (SMTP_INGRESS_PORT=off), so
 * that no e-mail asks for an answer nobody would receive.
 */
export async function ticketReplyAddress(config: TAddressConfig, ticketId: string): Promise<string | null> {
  if (config.emailToFax.port === null) return null;
  const hex = hexOf(ticketId);
  const signature = signatureOf(await tokenKeyOf(config, PURPOSE), hex).toString('hex');
  return `ticket-${hex}-${signature}@${config.emailToFax.domain}`;
}

/** Whether a recipient's local part is shaped as a ticket's reply address (signed or not: see ticketOfReplyAddress). */
export const looksLikeTicketReplyAddress = (localPart: string) => localPart.toLowerCase().startsWith('ticket-');

/** The ticket a reply address names, when its signature is ours; null for a forged, altered or malformed one. */
export async function ticketOfReplyAddress(config: Pick<TConfig, 'authSecret' | 'dataDir'>, localPart: string): Promise<string | null> {
  const match = LOCAL_PART.exec(localPart.toLowerCase());
  if (!match) return null;
  const [, hex = '', signature = ''] = match;
  const expected = signatureOf(await tokenKeyOf(config, PURPOSE), hex);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? uuidOf(hex) : null;
}
