import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { looksLikeTicketReplyAddress, ticketOfReplyAddress, ticketReplyAddress } from './ticket-reply-address';

const config = { authSecret: 'a-test-secret-'.padEnd(40, 'x'), dataDir: '/nowhere', emailToFax: { domain: 'fax.example', port: 2525 } };
const localOf = (address: string) => address.split('@')[0]!;

describe('a ticket reply address', () => {
  it('names its ticket, signed, in at most 64 characters before the domain, and survives a change of case', async () => {
    const ticket = randomUUID();
    const address = (await ticketReplyAddress(config, ticket))!;
    expect(address).toMatch(/^ticket-[0-9a-f]{32}-[0-9a-f]{20}@fax\.example$/);
    expect(localOf(address).length).toBeLessThanOrEqual(64);
    expect(looksLikeTicketReplyAddress(localOf(address))).toBe(true);
    expect(await ticketOfReplyAddress(config, localOf(address))).toBe(ticket);
    expect(await ticketOfReplyAddress(config, localOf(address).toUpperCase())).toBe(ticket);
  });

  it('is worth nothing altered, for another ticket, under another secret, or malformed', async () => {
    const ticket = randomUUID();
    const local = localOf((await ticketReplyAddress(config, ticket))!);
    const other = localOf((await ticketReplyAddress(config, randomUUID()))!);
    const swapped = `${other.slice(0, other.lastIndexOf('-'))}-${local.slice(local.lastIndexOf('-') + 1)}`;
    expect(await ticketOfReplyAddress(config, swapped)).toBeNull();
    expect(await ticketOfReplyAddress(config, `${local.slice(0, -1)}${local.endsWith('0') ? '1' : '0'}`)).toBeNull();
    expect(await ticketOfReplyAddress({ ...config, authSecret: 'another-secret-'.padEnd(40, 'y') }, local)).toBeNull();
    for (const malformed of ['ticket-', 'ticket-abc-def', `${local}0`, `x${local}`, '14155550123']) {
      expect(await ticketOfReplyAddress(config, malformed)).toBeNull();
    }
  });

  it('is not given where no SMTP gateway takes mail', async () => {
    expect(await ticketReplyAddress({ ...config, emailToFax: { domain: 'fax.example', port: null } }, randomUUID())).toBeNull();
  });
});
