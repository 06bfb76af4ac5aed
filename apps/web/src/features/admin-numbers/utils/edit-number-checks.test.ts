import { NUMBER_PROVIDER_MAX_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkEditNumber, type TEditNumberValues } from './edit-number-checks';

const values = (overrides: Partial<TEditNumberValues> = {}): TEditNumberValues => ({
  numberType: 'toll_free',
  provider: ' telco ',
  countryCode: '',
  ...overrides,
});

describe('checkEditNumber', () => {
  it('sends the provider trimmed, and no country as null so that it is cleared', () => {
    expect(checkEditNumber(values())).toEqual({ ok: true, changes: { numberType: 'toll_free', provider: 'telco', countryCode: null } });
  });

  it('sends a country in capitals', () => {
    expect(checkEditNumber(values({ countryCode: ' fr ' }))).toMatchObject({ ok: true, changes: { countryCode: 'FR' } });
  });

  it('refuses a provider the server would refuse, naming the field', () => {
    for (const provider of ['', ' ', '-telco', '<script>', 'a'.repeat(NUMBER_PROVIDER_MAX_LENGTH + 1), 'tel\u0007co'])
      expect(checkEditNumber(values({ provider }))).toEqual({ ok: false, field: 'provider', problem: 'invalidProvider' });
    expect(checkEditNumber(values({ provider: 'a'.repeat(NUMBER_PROVIDER_MAX_LENGTH) }))).toMatchObject({ ok: true });
  });

  it('refuses a country that is not two letters, after a good provider', () => {
    for (const countryCode of ['USA', 'U', '1A'])
      expect(checkEditNumber(values({ countryCode }))).toEqual({ ok: false, field: 'countryCode', problem: 'invalidCountry' });
    expect(checkEditNumber(values({ provider: '', countryCode: 'USA' }))).toMatchObject({ field: 'provider' });
  });
});
