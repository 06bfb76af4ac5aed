import { describe, expect, it } from 'vitest';
import {
  signUnsubscribeToken,
  unsubscribeKeyOf,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  type TUnsubscribeTarget,
} from './unsubscribe-token';

const config = (authSecret: string) => ({ authSecret, dataDir: '/nonexistent' });
const person: TUnsubscribeTarget = { kind: 'person', userId: 'user-1', setting: 'faxReceived', language: 'fr' };
const address: TUnsubscribeTarget = { kind: 'number', accountId: 'acc-1', numberId: 'num-1', address: 'desk@example.com', language: 'es' };

describe('unsubscribe tokens', () => {
  it('name what they turn off, for a person and for a number’s extra address', async () => {
    const key = await unsubscribeKeyOf(config('a'.repeat(40)));
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, person))).toEqual(person);
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, address))).toEqual(address);
  });

  it('are refused when changed, cut, or signed with another secret', async () => {
    const key = await unsubscribeKeyOf(config('a'.repeat(40)));
    const other = await unsubscribeKeyOf(config('b'.repeat(40)));
    const token = signUnsubscribeToken(key, person);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...person, userId: 'user-2' })).toString('base64url');
    expect(verifyUnsubscribeToken(key, `${forged}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, payload)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(other, token)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'not a token')).toBeNull();
  });

  it('refuse a signed payload that names no known setting', async () => {
    const key = await unsubscribeKeyOf(config('a'.repeat(40)));
    const token = signUnsubscribeToken(key, { ...person, setting: 'promotionalOffers' } as unknown as TUnsubscribeTarget);
    expect(verifyUnsubscribeToken(key, token)).toBeNull();
  });

  it('make a link on the public address', async () => {
    const key = await unsubscribeKeyOf(config('a'.repeat(40)));
    const url = new URL(unsubscribeUrl('https://fax.example.com', signUnsubscribeToken(key, person)));
    expect(url.origin + url.pathname).toBe('https://fax.example.com/api/notifications/unsubscribe');
    expect(verifyUnsubscribeToken(key, url.searchParams.get('token')!)).toEqual(person);
  });
});
