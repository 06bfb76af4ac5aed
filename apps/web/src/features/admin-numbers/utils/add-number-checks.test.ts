import { NUMBER_PROVIDER_MAX_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkAddNumbers, compactNumber, rangeSize, type TAddNumbersValues } from './add-number-checks';

const values = (overrides: Partial<TAddNumbersValues> = {}): TAddNumbersValues => ({
  mode: 'single',
  from: '+1 (415) 555-0100',
  to: '',
  numberType: 'local',
  provider: 'faxline',
  countryCode: '',
  ...overrides,
});

describe('compactNumber and rangeSize', () => {
  it('reads typed numbers as E.164 and counts a range', () => {
    expect(compactNumber(' +1 (415) 555-0100 ')).toBe('+14155550100');
    expect(rangeSize('+14155550100', '+1 415 555 0199')).toBe(100);
    expect(rangeSize('+14155550100', '+14155550100')).toBe(1);
    expect(rangeSize('+14155550199', '+14155550100')).toBeNull();
    expect(rangeSize('+14155550100', '+141555501000')).toBeNull();
  });
});

describe('checkAddNumbers', () => {
  it('sends one number in E.164, without a country so that the server works it out', () => {
    expect(checkAddNumbers(values())).toEqual({
      ok: true,
      request: { from: '+14155550100', to: null, numberType: 'local', provider: 'faxline' },
    });
  });

  it('sends a range of at most 1000, and a given country in capitals', () => {
    const checked = checkAddNumbers(values({ mode: 'range', to: '+14155551099', countryCode: 'us' }));
    expect(checked).toEqual({
      ok: true,
      request: { from: '+14155550100', to: '+14155551099', numberType: 'local', provider: 'faxline', countryCode: 'US' },
    });
    expect(checkAddNumbers(values({ mode: 'range', to: '+14155551100' }))).toEqual({
      ok: false,
      field: 'to',
      problem: 'rangeTooLarge',
      params: { max: 1000, count: 1001 },
    });
  });

  it('names the field to fix', () => {
    expect(checkAddNumbers(values({ from: '4155550100' }))).toMatchObject({ field: 'from', problem: 'invalidNumber' });
    expect(checkAddNumbers(values({ mode: 'range', to: '' }))).toMatchObject({ field: 'to', problem: 'invalidNumber' });
    expect(checkAddNumbers(values({ mode: 'range', to: '+14155550099' }))).toMatchObject({ field: 'to', problem: 'invalidRange' });
    expect(checkAddNumbers(values({ provider: ' ' }))).toMatchObject({ field: 'provider', problem: 'invalidProvider' });
    expect(checkAddNumbers(values({ countryCode: 'USA' }))).toMatchObject({ field: 'countryCode', problem: 'invalidCountry' });
  });

  it('checks with the shared schema, so it refuses what the server would', () => {
    expect(checkAddNumbers(values({ from: '+1 415\u0000555 0100' }))).toMatchObject({ field: 'from', problem: 'invalidNumber' });
    expect(checkAddNumbers(values({ provider: 'a'.repeat(NUMBER_PROVIDER_MAX_LENGTH + 1) }))).toMatchObject({
      field: 'provider',
      problem: 'invalidProvider',
    });
    expect(checkAddNumbers(values({ provider: ' telco ' }))).toMatchObject({ ok: true, request: { provider: 'telco' } });
  });

  it('checks the numbers and the range before the provider', () => {
    expect(checkAddNumbers(values({ from: 'x', provider: '' }))).toMatchObject({ field: 'from' });
    expect(checkAddNumbers(values({ mode: 'range', to: '+14155550099', provider: '' }))).toMatchObject({ problem: 'invalidRange' });
  });
});
