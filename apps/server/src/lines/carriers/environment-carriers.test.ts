import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { environmentCarriers } from './environment-carriers';

describe("the environment's carriers", () => {
  const telnyx = { TELNYX_API_KEY: 'KEY1', TELNYX_CONNECTION_ID: '123', TELNYX_PUBLIC_KEY: Buffer.alloc(32, 1).toString('base64') };
  const sinch = { SINCH_PROJECT_ID: 'p', SINCH_KEY_ID: 'k', SINCH_KEY_SECRET: 's', SINCH_WEBHOOK_SECRET: 'w' };
  const carriersOf = (env: Record<string, string>) => environmentCarriers(loadConfig(env));

  it('has none and no routes with nothing set', () => {
    expect(carriersOf({})).toEqual({ telnyx: null, signalwire: null, sinch: null, routes: [] });
  });

  it('gives every outside number to the one carrier configured, when no routes are set', () => {
    expect(carriersOf(telnyx).routes).toEqual([{ prefix: 'all', primary: 'telnyx', fallback: null }]);
  });

  it('reads routes with their fallbacks', () => {
    const { routes } = carriersOf({ ...telnyx, ...sinch, CARRIER_ROUTES: '+1=telnyx>sinch, +33=sinch ,all=sinch>telnyx' });
    expect(routes).toEqual([
      { prefix: '+1', primary: 'telnyx', fallback: 'sinch' },
      { prefix: '+33', primary: 'sinch', fallback: null },
      { prefix: 'all', primary: 'sinch', fallback: 'telnyx' },
    ]);
  });

  it("refuses part of a carrier's credentials and a route to a carrier not configured", () => {
    expect(() => carriersOf({ TELNYX_API_KEY: 'KEY1' })).toThrow(/Telnyx needs .*TELNYX_CONNECTION_ID, TELNYX_PUBLIC_KEY missing/);
    expect(() => carriersOf({ ...telnyx, CARRIER_ROUTES: '+1=telnyx>signalwire' })).toThrow(/names signalwire, which is not configured/);
  });
});
