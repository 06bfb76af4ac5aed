import { describe, expect, it } from 'vitest';
import { clientKeysOf } from './client-network';

describe('the client keys of sign-in failures', () => {
  it('counts an IPv4 client by its address, within its /24', () => {
    expect(clientKeysOf('198.51.100.7')).toEqual({ address: '198.51.100.7', network: '198.51.100.0/24' });
    expect(clientKeysOf('::ffff:198.51.100.7')).toEqual({ address: '198.51.100.7', network: '198.51.100.0/24' });
  });

  it('counts an IPv6 client by its /64, within its /48: a host cannot escape by changing the low bits', () => {
    expect(clientKeysOf('2001:db8:1:2:aaaa::1')).toEqual({ address: '2001:db8:1:2::/64', network: '2001:db8:1::/48' });
    expect(clientKeysOf('2001:db8:1:2:ffff::9').address).toBe(clientKeysOf('2001:db8:1:2::5').address);
  });

  it('keeps an unreadable address as it is', () => {
    expect(clientKeysOf('unknown')).toEqual({ address: 'unknown', network: 'unknown' });
  });
});
