import { describe, expect, it } from 'vitest';
import type { TCarrierRoute } from '@faxline/shared';
import type { FaxLine } from './fax-line';
import { chooseLine, lineNamed, linesInUse, outsideNumbersServed } from './lines';

/** A line that takes the numbers starting with a prefix; its calls are not made here. */
const lineFor = (name: FaxLine['name'], prefix: string): FaxLine => ({
  name,
  accepts: async (toNumber) => toNumber.startsWith(prefix),
  call: () => Promise.reject(new Error('not called in this test')),
});

describe('choosing a line', () => {
  const lines = [lineFor('internal', '+1415555'), lineFor('sandbox', '+')];

  it('gives the number to the first line that takes it, in the registry order', async () => {
    expect((await chooseLine(lines, '+14155550123')).name).toBe('internal');
    expect((await chooseLine(lines, '+12025550143')).name).toBe('sandbox');
    expect((await chooseLine([...lines].reverse(), '+14155550123')).name).toBe('sandbox');
  });

  it('refuses a number no line takes, and a line name that is not registered', async () => {
    await expect(chooseLine([lines[0]!], '+12025550143')).rejects.toMatchObject({
      type: 'invalid_request',
      messageKey: 'errors.noLineForNumber',
      params: { number: '+12025550143' },
    });
    expect(lineNamed(lines, 'internal')).toBe(lines[0]);
    expect(() => lineNamed([lines[1]!], 'internal')).toThrow('No fax line is named internal');
  });
});

describe('the lines in use, as the back office shows them', () => {
  it('says the sandbox takes every outside number, or its test numbers only', () => {
    expect(linesInUse('every-number')).toEqual([
      { name: 'internal', serves: 'faxline-numbers', health: null },
      { name: 'sandbox', serves: 'outside-numbers', health: null },
    ]);
    expect(linesInUse('test-numbers')[1]).toEqual({ name: 'sandbox', serves: 'test-numbers', health: null });
  });

  it('lists each carrier configured, with the numbers its routes give it first', () => {
    const telnyx = { apiUrl: 'https://api.telnyx.com', apiV2Key: 'k', connectionId: 'c', publicKey: 'p' };
    const sinch = {
      apiUrl: 'https://fax.api.sinch.com',
      numbersApiUrl: 'https://numbers.api.sinch.com',
      projectId: 'p',
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
    };
    const routes: TCarrierRoute[] = [
      { prefix: '+33', primary: 'sinch', fallback: 'telnyx' },
      { prefix: 'all', primary: 'telnyx', fallback: null },
    ];
    expect(linesInUse('test-numbers', null, { telnyx, signalwire: null, sinch, routes }).map(({ name, serves }) => [name, serves])).toEqual(
      [
        ['internal', 'faxline-numbers'],
        ['telnyx', 'outside-numbers'],
        ['sinch', 'number-prefixes'],
        ['sandbox', 'test-numbers'],
      ],
    );
    expect(outsideNumbersServed(null, { telnyx, signalwire: null, sinch, routes })).toBe('all');
    expect(outsideNumbersServed(null, { telnyx, signalwire: null, sinch, routes: routes.slice(0, 1) })).toEqual(['+33']);
    expect(outsideNumbersServed(null, { telnyx: null, signalwire: null, sinch: null, routes: [] })).toBeNull();
  });
});
