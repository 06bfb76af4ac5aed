import { describe, expect, it } from 'vitest';

import { canReturnToCarrier, carrierName, checkCarrierSearch, isCarrier, offerPlace } from './carrier-numbers';

describe('carrier numbers', () => {
  it('names the carriers as they write their names, and leaves any other provider as it is', () => {
    expect(carrierName('telnyx')).toBe('Telnyx');
    expect(carrierName('signalwire')).toBe('SignalWire');
    expect(carrierName('sinch')).toBe('Sinch');
    expect(carrierName('faxline')).toBe('faxline');
    expect(isCarrier('telnyx')).toBe(true);
    expect(isCarrier('Telnyx')).toBe(false);
  });

  it('refuses a search without a country, and an area code that is not 1 to 6 digits', () => {
    expect(checkCarrierSearch({ carrier: 'telnyx', country: '', areaCode: '415' })).toEqual({
      ok: false,
      field: 'country',
      problem: 'noCountry',
    });
    expect(checkCarrierSearch({ carrier: 'telnyx', country: 'DE', areaCode: '' })).toMatchObject({ ok: false, field: 'country' });
    for (const areaCode of ['41a', '1234567', '+1 415'])
      expect(checkCarrierSearch({ carrier: 'telnyx', country: 'US', areaCode })).toEqual({
        ok: false,
        field: 'areaCode',
        problem: 'invalidAreaCode',
      });
  });

  it('gives the criteria as the server takes them: the country in capitals, the area code trimmed or empty', () => {
    expect(checkCarrierSearch({ carrier: 'sinch', country: 'us', areaCode: ' 415 ' })).toEqual({
      ok: true,
      criteria: { carrier: 'sinch', country: 'US', areaCode: '415' },
    });
    expect(checkCarrierSearch({ carrier: 'telnyx', country: 'FR', areaCode: '  ' })).toEqual({
      ok: true,
      criteria: { carrier: 'telnyx', country: 'FR', areaCode: '' },
    });
  });

  it('says where a number is with what the carrier names of it', () => {
    expect(offerPlace({ locality: 'SAN FRANCISCO', region: 'CA' })).toBe('SAN FRANCISCO, CA');
    expect(offerPlace({ locality: 'London', region: null })).toBe('London');
    expect(offerPlace({ locality: null, region: ' ' })).toBe('');
  });

  it('gives back only available numbers that came from a carrier', () => {
    expect(canReturnToCarrier({ status: 'available', fromCarrier: true })).toBe(true);
    expect(canReturnToCarrier({ status: 'available', fromCarrier: false })).toBe(false);
    expect(canReturnToCarrier({ status: 'assigned', fromCarrier: true })).toBe(false);
  });
});
