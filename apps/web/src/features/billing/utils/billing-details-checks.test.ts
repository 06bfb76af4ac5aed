import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { checkBillingDetails, EMPTY_BILLING_DETAILS, firstProblemField, problemsFromServer } from './billing-details-checks';

// The API client reads the app's i18n, which reads the browser at start.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const berlin = { ...EMPTY_BILLING_DETAILS, name: 'Analytische Maschinen GmbH', line1: 'Friedrichstraße 12', city: 'Berlin', country: 'DE' };

describe('checkBillingDetails', () => {
  it("takes a German VAT number as people write it, and refuses one that is not Germany's format", () => {
    expect(checkBillingDetails({ ...berlin, taxId: 'DE 123 456 789' })).toMatchObject({ ok: true, request: { taxId: 'DE 123 456 789' } });
    expect(checkBillingDetails({ ...berlin, taxId: '' })).toMatchObject({ ok: true });
    expect(checkBillingDetails({ ...berlin, taxId: 'DE12345' })).toEqual({ ok: false, problems: { taxId: { key: 'validation.taxId' } } });
    // The same number is no French VAT number.
    expect(checkBillingDetails({ ...berlin, country: 'FR', taxId: 'DE123456789' })).toMatchObject({ ok: false });
  });

  it('asks for the name, the street, the city and the country first, in the order they are shown', () => {
    const checked = checkBillingDetails(EMPTY_BILLING_DETAILS);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toMatchObject({ name: { key: 'validation.required' }, country: { key: 'validation.billingCountry' } });
    expect(firstProblemField(checked.problems)).toBe('name');
  });
});

describe('problemsFromServer', () => {
  it("puts the server's translated refusal beside its field", () => {
    const error = new ApiError('invalid_request', 'Numéro invalide', 400, undefined, [{ path: 'body.taxId', message: 'Numéro invalide' }]);
    expect(problemsFromServer(error)).toEqual({ taxId: { text: 'Numéro invalide' } });
    expect(problemsFromServer(new Error('offline'))).toEqual({});
  });
});
