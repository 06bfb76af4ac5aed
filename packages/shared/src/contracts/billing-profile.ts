import { getCountries } from 'libphonenumber-js/min';
import isVATExport, { type VATCountryCode } from 'validator/lib/isVAT.js';
import { z } from 'zod';
import { singleLineText } from '../text';

// One module of validator rather than all of it, for the web app's weight. It is CommonJS: Node's ESM loader gives its
// exports object, a bundler its default export.
const isVAT = (isVATExport as unknown as { default?: typeof isVATExport }).default ?? isVATExport;

/** The countries an address can be in: ISO 3166-1 codes (libphonenumber's regions, less two that are not countries). */
export const BILLING_COUNTRIES = getCountries().filter((code) => code !== 'AC' && code !== 'TA');
export type TBillingCountry = (typeof BILLING_COUNTRIES)[number];

/**
 * Countries whose tax id format is checked, with the code `validator`'s isVAT knows them by (Greece's VAT is "EL").
 * Left out where isVAT's pattern is wrong for the number people have: Honduras and Panama (it accepts only an empty
 * value) and India (a GSTIN has letters; isVAT wants 15 digits). Elsewhere any tax id of plain characters is taken.
 */
const VAT_FORMAT_CODES: Partial<Record<TBillingCountry, VATCountryCode>> = Object.fromEntries(
  [
    ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL'],
    ...['PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'AL', 'MK', 'AU', 'BY', 'CA', 'IS', 'ID', 'IL', 'KZ', 'NZ', 'NG', 'NO', 'PH', 'RU'],
    ...['SM', 'SA', 'RS', 'CH', 'TR', 'UA', 'GB', 'UZ', 'AR', 'BO', 'BR', 'CL', 'CO', 'CR', 'EC', 'SV', 'GT', 'MX', 'NI', 'PY'],
    ...['PE', 'DO', 'UY', 'VE'],
  ]
    .map((code) => [code, code as VATCountryCode] as const)
    .concat([['GR', 'EL']]),
);

/** Whether the format of a tax id of this country is checked (the form says so beside the field). */
export function taxIdFormatKnown(country: string): boolean {
  return country in VAT_FORMAT_CODES;
}

/** A tax id as stored and shown: upper case, without spaces around it or runs of them inside. */
export function normalTaxId(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The tax id without the spaces, dots and dashes people write it with. */
export function compactTaxId(value: string): string {
  return normalTaxId(value).replace(/[\s.\-/]/g, '');
}

const PLAIN_TAX_ID = /^[A-Z0-9][A-Z0-9 .\-/]{1,38}[A-Z0-9]$/;

/**
 * Whether a tax id has its country's format, written the way people write it: as typed, without its separators, or
 * (the UK's pattern wants them) with the spaces put back. Where the format is not known, plain characters only.
 */
export function isTaxIdOfCountry(value: string, country: string): boolean {
  const typed = normalTaxId(value);
  if (!PLAIN_TAX_ID.test(typed) && !/^УНП /.test(typed)) return false;
  const code = VAT_FORMAT_CODES[country as TBillingCountry];
  if (!code) return true;
  const compact = compactTaxId(typed);
  const spacedUk = compact.replace(/^(GB)(\d{3})(\d{4})(\d{2})$/, '$1$2 $3 $4');
  return [typed, compact, spacedUk].some((candidate) => isVAT(candidate, code));
}

const line = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).check(singleLineText);
const requiredLine = (max: number) => line(max).min(1, { error: 'validation.required' });

const BILLING_PROFILE_FIELDS = {
  name: requiredLine(120),
  line1: requiredLine(200),
  line2: line(200),
  city: requiredLine(100),
  postalCode: line(20),
  /** State, province or county, where the country has them. */
  region: line(100),
  country: z.enum(BILLING_COUNTRIES as [TBillingCountry, ...TBillingCountry[]], { error: 'validation.billingCountry' }),
  /** Empty: none. Stored as `normalTaxId` writes it. */
  taxId: line(40),
};

/** PUT /api/billing/profile: the account's billing name, address and tax id (VAT, GST…), its format checked per country. */
export const ZBillingProfile = z.object(BILLING_PROFILE_FIELDS).superRefine(({ taxId, country }, context) => {
  if (taxId !== '' && !isTaxIdOfCountry(taxId, country)) {
    context.addIssue({ code: 'custom', message: 'validation.taxId', path: ['taxId'] });
  }
});
export type TBillingProfile = z.infer<typeof ZBillingProfile>;

/** GET and PUT /api/billing/profile: the saved details, or null before the first save. */
export const ZBillingProfileResponse = z.object({ profile: z.object(BILLING_PROFILE_FIELDS).nullable() });
export type TBillingProfileResponse = z.infer<typeof ZBillingProfileResponse>;
