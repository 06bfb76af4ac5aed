import type { TBillingProfile } from '@faxline/shared';

/** A German company's billing details, with a VAT number in Germany's format: the billing details tests' starting point. */
export function berlinBillingProfile(fields: Partial<TBillingProfile> = {}): TBillingProfile {
  return {
    name: 'Analytische Maschinen GmbH',
    line1: 'Friedrichstraße 12',
    line2: '',
    city: 'Berlin',
    postalCode: '10117',
    region: '',
    country: 'DE',
    taxId: 'DE 123 456 789',
    ...fields,
  };
}
