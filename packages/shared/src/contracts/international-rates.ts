import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { DOMESTIC_CALLING_CODE } from '../phone';
import { singleLineText } from '../text';

/**
 * International rates (issue 36, decision 096): a price per page to each country a fax may be sent to, on top of the
 * plan's pages, in the plans' currency; edited in the back office. A +1 number (the North American Numbering Plan) is
 * within every plan and has no rate; a country without a rate is refused.
 */
export const INTERNATIONAL_RATE_MAX_CENTS = 1_000;

/** The countries a rate can be set for: libphonenumber's countries outside the home numbering plan. */
export const RATE_COUNTRIES: readonly string[] = getCountries().filter(
  (country) => getCountryCallingCode(country) !== DOMESTIC_CALLING_CODE,
);

export const ZInternationalRate = z.object({
  /** ISO 3166-1 alpha-2, as libphonenumber reads the destination's number. */
  country: z.string().length(2),
  /** The calling code the country's numbers begin with (+44), for the reader. */
  callingCode: z.string(),
  centsPerPage: z.number().int().positive(),
  /** The plans' currency: a rate is billed on the plan's invoice. */
  currency: z.string().length(3),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TInternationalRate = z.infer<typeof ZInternationalRate>;
export const ZInternationalRatesResponse = z.object({ rates: z.array(ZInternationalRate) });
export type TInternationalRatesResponse = z.infer<typeof ZInternationalRatesResponse>;

/** PUT and DELETE /api/admin/international-rates/:country. */
export const ZInternationalRateParams = z.object({
  country: z
    .string({ error: 'validation.internationalRateCountry' })
    .trim()
    .check(singleLineText)
    .toUpperCase()
    .refine((country) => RATE_COUNTRIES.includes(country), { error: 'validation.internationalRateCountry' }),
});

/** PUT /api/admin/international-rates/:country: the price of one page, in the currency's cents. */
export const ZInternationalRateInput = z.object({
  centsPerPage: z
    .number({ error: 'validation.internationalRatePrice' })
    .int({ error: 'validation.internationalRatePrice' })
    .min(1, { error: 'validation.internationalRatePrice' })
    .max(INTERNATIONAL_RATE_MAX_CENTS, { error: 'validation.internationalRatePrice' }),
});
export type TInternationalRateInput = z.input<typeof ZInternationalRateInput>;

/** What one recipient of a send costs beyond the plan's price (decision 096). */
export const ZRecipientQuote = z.object({
  number: z.string(),
  /** The destination's country; null for a +1 number (within every plan). */
  country: z.string().nullable(),
  /** Pages of the fax, as counted so far. */
  pages: z.number().int().nonnegative(),
  /** Of them, the pages past the plan's pages this period, at `overageCentsPerPage`. */
  overagePages: z.number().int().nonnegative(),
  overageCentsPerPage: z.number().int().nullable(),
  /** Every page of a fax abroad, on top of the plan's pages; null when nothing is charged for the destination. */
  internationalCentsPerPage: z.number().int().nullable(),
  cents: z.number().int().nonnegative(),
});
export type TRecipientQuote = z.infer<typeof ZRecipientQuote>;

/**
 * The price of a send before it is queued: 0 within the plan and at home. `pagesKnown` false: a file's pages are
 * counted once converted (a Word document, a file fetched by address); the total is for the pages counted so far and
 * each further page costs the rates given.
 */
export const ZFaxQuote = z.object({
  currency: z.string().length(3),
  totalCents: z.number().int().nonnegative(),
  pagesKnown: z.boolean(),
  recipients: z.array(ZRecipientQuote),
});
export type TFaxQuote = z.infer<typeof ZFaxQuote>;
