import type { TInternationalRatesResponse } from '@faxline/shared';

/** The table of international rates the rates tests start from: Germany at 6 cents a page, the United Kingdom at 5. */
export const internationalRates: TInternationalRatesResponse = {
  rates: [
    { country: 'DE', callingCode: '+49', centsPerPage: 6, currency: 'USD', updatedAt: '2026-12-01T00:00:00.000Z' },
    { country: 'GB', callingCode: '+44', centsPerPage: 5, currency: 'USD', updatedAt: '2026-12-01T00:00:00.000Z' },
  ],
};
