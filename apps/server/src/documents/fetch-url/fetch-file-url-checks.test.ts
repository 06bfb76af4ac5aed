import { FILE_URL_MAX_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { checkFileUrl, FileUrlError, isPublicAddress, parseFileUrl } from './fetch-file-url-checks';

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof FileUrlError) return error.reason;
    throw error;
  }
  return null;
};

describe('isPublicAddress: the addresses a file_url may reach', () => {
  it.each([
    ['8.8.8.8'],
    ['93.184.215.14'],
    ['1.1.1.1'],
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    // NAT64 (RFC 6052) of a public IPv4 address: what DNS64 answers on an IPv6-only network.
    ['64:ff9b::808:808'],
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['192.0.2.10', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique-local'],
    ['fd12:3456:789a::1', 'IPv6 unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['fec0::1', 'IPv6 site-local (deprecated)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local, in hexadecimal'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'NAT64 local-use prefix'],
    ['2002:7f00:1::1', '6to4 (tunnels to an IPv4 address)'],
    ['2001::1', 'Teredo'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated, outside 2000::/3)'],
    ['100::1', 'discard-only'],
    ['example.com', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('parseFileUrl: what is refused before any lookup', () => {
  it('accepts an https URL with a public host name or address, as written', () => {
    expect(parseFileUrl('https://files.example.com/a/invoice.pdf?sig=1').href).toBe('https://files.example.com/a/invoice.pdf?sig=1');
    expect(parseFileUrl('https://8.8.8.8/doc.pdf').hostname).toBe('8.8.8.8');
    expect(parseFileUrl('https://[2606:4700:4700::1111]:8443/doc.pdf').port).toBe('8443');
  });

  it.each([
    ['http://files.example.com/doc.pdf', 'url_not_https'],
    ['ftp://files.example.com/doc.pdf', 'url_not_https'],
    ['file:///etc/passwd', 'url_not_https'],
    ['data:application/pdf;base64,JVBERi0=', 'url_not_https'],
    ['javascript:alert(1)', 'url_not_https'],
    ['gopher://127.0.0.1:6379/_INFO', 'url_not_https'],
    ['https://user:secret@files.example.com/doc.pdf', 'url_invalid'],
    ['https://user@files.example.com/doc.pdf', 'url_invalid'],
    ['not a url', 'url_invalid'],
    [`https://files.example.com/${'a'.repeat(FILE_URL_MAX_LENGTH)}`, 'url_invalid'],
    ['https://127.0.0.1/x', 'url_private_address'],
    ['https://10.0.0.1/x', 'url_private_address'],
    ['https://169.254.169.254/latest/meta-data', 'url_private_address'],
    ['https://[::1]/x', 'url_private_address'],
    ['https://[::ffff:127.0.0.1]/x', 'url_private_address'],
    ['https://[fd00::1]/x', 'url_private_address'],
    // Other spellings of 127.0.0.1 that the URL parser turns into it.
    ['https://2130706433/x', 'url_private_address'],
    ['https://0x7f.1/x', 'url_private_address'],
    ['https://0177.0.0.1/x', 'url_private_address'],
    ['https://localhost/x', 'url_private_address'],
    ['https://LOCALHOST./x', 'url_private_address'],
    ['https://anything.localhost/x', 'url_private_address'],
  ])('refuses %s: %s', (url, reason) => {
    expect(reasonOf(() => parseFileUrl(url))).toBe(reason);
  });

  it('lets a trusted origin (tests, development) through although it is on this machine, and only that exact origin', () => {
    const trusted = ['https://localhost:8443'];
    expect(parseFileUrl('https://localhost:8443/doc.pdf', trusted).pathname).toBe('/doc.pdf');
    expect(reasonOf(() => parseFileUrl('https://localhost:8444/doc.pdf', trusted))).toBe('url_private_address');
    expect(reasonOf(() => parseFileUrl('https://127.0.0.1:8443/doc.pdf', trusted))).toBe('url_private_address');
    expect(reasonOf(() => parseFileUrl('http://localhost:8443/doc.pdf', trusted))).toBe('url_not_https');
  });
});

describe('checkFileUrl: the request-time check', () => {
  it('answers the URL to fetch', () => {
    expect(checkFileUrl('https://files.example.com/doc.pdf')).toBe('https://files.example.com/doc.pdf');
  });

  it('refuses with a 400 whose code names the reason', () => {
    const refusal = (url: string) => {
      try {
        checkFileUrl(url);
      } catch (error) {
        if (error instanceof AppError) return { status: error.status, key: error.messageKey };
        throw error;
      }
      return null;
    };
    expect(refusal('http://files.example.com/doc.pdf')).toEqual({ status: 400, key: 'errors.fileUrlNotHttps' });
    expect(refusal('https://10.0.0.1/doc.pdf')).toEqual({ status: 400, key: 'errors.fileUrlPrivateAddress' });
    expect(refusal('https://a:b@files.example.com/doc.pdf')).toEqual({ status: 400, key: 'errors.fileUrlInvalid' });
  });
});

describe('FileUrlError', () => {
  it('is worth another try only for what may pass: a timeout, an unreachable server, a 5xx or 429', () => {
    expect(new FileUrlError('url_timeout', { seconds: 30 }).transient).toBe(true);
    expect(new FileUrlError('url_unreachable').transient).toBe(true);
    expect(new FileUrlError('url_http_status', { status: 503 }).transient).toBe(true);
    expect(new FileUrlError('url_http_status', { status: 429 }).transient).toBe(true);
    expect(new FileUrlError('url_http_status', { status: 404 }).transient).toBe(false);
    expect(new FileUrlError('url_private_address').transient).toBe(false);
    expect(new FileUrlError('url_too_large', { size: 10 }).transient).toBe(false);
    expect(new FileUrlError('url_too_many_redirects', { max: 5 }).transient).toBe(false);
  });
});
