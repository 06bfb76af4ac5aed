import { describe, expect, it } from 'vitest';
import { parseCarrierRoutes } from './carrier-routes';

describe('parseCarrierRoutes', () => {
  it('reads rules separated by commas or lines, with or without spaces', () => {
    expect(parseCarrierRoutes('+1=telnyx>signalwire, all = sinch\n+33=signalwire')).toEqual([
      { prefix: '+1', primary: 'telnyx', fallback: 'signalwire' },
      { prefix: 'all', primary: 'sinch', fallback: null },
      { prefix: '+33', primary: 'signalwire', fallback: null },
    ]);
  });

  it('reads nothing as no routes', () => {
    expect(parseCarrierRoutes('')).toEqual([]);
    expect(parseCarrierRoutes(' \n ')).toEqual([]);
  });

  it.each([
    ['a carrier Faxline does not know', '+1=twilio'],
    ['a fallback Faxline does not know', '+1=telnyx>twilio'],
    ['the same carrier twice', '+1=telnyx>telnyx'],
    ['a prefix twice', '+1=telnyx, +1=sinch'],
    ['a prefix without +', '1=telnyx'],
    ['a prefix starting with 0', '+0=telnyx'],
    ['a rule without a carrier', '+1='],
    ['two fallbacks', '+1=telnyx>sinch>signalwire'],
  ])('refuses %s', (_case, text) => {
    expect(parseCarrierRoutes(text)).toBeNull();
  });
});
