import net from 'node:net';
import { FILE_URL_MAX_LENGTH } from '@faxline/shared';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/i18n';

/** Why a `file_url` was refused or could not be fetched; each has its message in the shared catalogue. */
export type FileUrlReason =
  | 'url_invalid'
  | 'url_not_https'
  | 'url_private_address'
  | 'url_unreachable'
  | 'url_too_large'
  | 'url_timeout'
  | 'url_http_status'
  | 'url_too_many_redirects';

const MESSAGE_KEYS: Record<FileUrlReason, MessageKey> = {
  url_invalid: 'errors.fileUrlInvalid',
  url_not_https: 'errors.fileUrlNotHttps',
  url_private_address: 'errors.fileUrlPrivateAddress',
  url_unreachable: 'errors.fileUrlUnreachable',
  url_too_large: 'errors.fileUrlTooLarge',
  url_timeout: 'errors.fileUrlTimeout',
  url_http_status: 'errors.fileUrlHttpStatus',
  url_too_many_redirects: 'errors.fileUrlTooManyRedirects',
};

export class FileUrlError extends Error {
  override name = 'FileUrlError';
  constructor(
    readonly reason: FileUrlReason,
    /** The placeholders of its message ({{status}}, {{size}}, {{seconds}}, {{max}}). */
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }

  get messageKey(): MessageKey {
    return MESSAGE_KEYS[this.reason];
  }

  /**
   * Worth another try later: the server was down, slow or busy (5xx, 429). The others (a refused address, a 404, a
   * file too large) would fail the same way again.
   */
  get transient(): boolean {
    if (this.reason === 'url_timeout' || this.reason === 'url_unreachable') return true;
    const status = Number(this.params.status);
    return this.reason === 'url_http_status' && (status >= 500 || status === 429);
  }
}

/** The start of the IPv6 space handed out on the internet (2000::/3): anything outside it is not a public host. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address it carries is judged instead. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');

/**
 * An address the worker may connect to: a public unicast one. Refused: private, loopback, link-local, unique-local,
 * multicast, broadcast, CGNAT, unspecified, documentation, benchmarking and other reserved ranges (ipaddr.js's
 * classification), IPv4-mapped and NAT64 IPv6 addresses judged by the IPv4 address inside, and IPv6 outside 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(NAT64_WELL_KNOWN, 96)) {
    const bytes = v6.toByteArray().slice(12);
    return isPublicAddress(bytes.join('.'));
  }
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6, 3);
}

/** A URL's host as an address when it is one (IPv6 without its brackets), else null. */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : null;
}

/**
 * What can be told of a URL without a network: an https:// URL of at most FILE_URL_MAX_LENGTH characters, without
 * credentials, whose host, when it is an address or a name for this machine, is public. Returns the parsed URL or
 * throws a FileUrlError. An origin in `trustedOrigins` (tests, development) skips the address check.
 */
export function parseFileUrl(value: string, trustedOrigins: readonly string[] = []): URL {
  if (value.length > FILE_URL_MAX_LENGTH) throw new FileUrlError('url_invalid', { max: FILE_URL_MAX_LENGTH });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FileUrlError('url_invalid', { max: FILE_URL_MAX_LENGTH });
  }
  if (url.protocol !== 'https:') throw new FileUrlError('url_not_https');
  if (url.username || url.password) throw new FileUrlError('url_invalid', { max: FILE_URL_MAX_LENGTH });
  if (trustedOrigins.includes(url.origin)) return url;
  const literal = literalAddressOf(url);
  if (literal ? !isPublicAddress(literal) : isLocalName(url.hostname)) throw new FileUrlError('url_private_address');
  return url;
}

/** Names that never leave this machine (RFC 6761): refused before any lookup. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The request-time check of a `file_url` (public API): refuses at once, with a 400 naming why, a URL that can never be
 * fetched (not https, credentials, too long, a private address written in it). The worker's fetch checks again, with
 * the addresses the name resolves to, when it fetches. Returns the URL as it will be fetched.
 */
export function checkFileUrl(value: string, options: { trustedOrigins?: readonly string[] } = {}): string {
  try {
    return parseFileUrl(value, options.trustedOrigins).href;
  } catch (error) {
    if (error instanceof FileUrlError) throw new AppError('invalid_request', error.messageKey, error.params);
    throw error;
  }
}
