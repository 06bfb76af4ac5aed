import { parsePhoneNumberFromString, AsYouType, getCountries, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json';

/** E.164 as the spec states it: a plus sign, a first digit 1-9, then 1 to 14 more digits (spec 001 §5). */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/**
 * Turns what a person typed ("+1 (555) 123-4567", "001 555 ...") into E.164, or null when it is not a phone number
 * that libphonenumber can read. Numbers without a country code need the caller's default country.
 */
export function toE164(input: string, defaultCountry?: Parameters<typeof parsePhoneNumberFromString>[1]): string | null {
  const trimmed = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry);
  if (!parsed) return null;
  const e164 = parsed.number;
  return isE164(e164) ? e164 : null;
}

/** International format for display, e.g. "+1 555 123 4567"; falls back to the input when it cannot be parsed. */
export function formatPhoneInternational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}

/** Formats a number while it is being typed, for the send form's recipient field. */
export function formatAsTyped(input: string): string {
  return new AsYouType().input(input);
}

/** The ISO country of an E.164 number, when known (used for the fax number inventory). */
export function countryOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** Every country with a numbering plan libphonenumber knows (ISO 3166-1 alpha-2), for a choice of country. */
export function phoneCountries(): string[] {
  return getCountries();
}

/** The calling code of a country (ISO 3166-1 alpha-2: US gives 1, FR 33); null for a code libphonenumber does not know. */
export function callingCodeOf(country: string): string | null {
  return isSupportedCountry(country) ? String(getCountryCallingCode(country)) : null;
}

/**
 * The calling code of Faxline's home numbering plan, the North American Numbering Plan: its numbers and lines are
 * there, so a fax to any +1 number is within every plan and never has an international rate (decision 096).
 */
export const DOMESTIC_CALLING_CODE = '1';

/**
 * Where a fax to this E.164 number goes: its calling code, and its country (ISO 3166-1 alpha-2) as libphonenumber
 * reads it; for a number it cannot place (a range it does not know), the main country of the calling code; null when
 * the calling code belongs to no country (+882, +883 international networks) or the number is not E.164.
 */
export function destinationOf(e164: string): { callingCode: string; country: string | null } | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  const callingCode = String(parsed.countryCallingCode);
  if (parsed.country) return { callingCode, country: parsed.country };
  // The first country the metadata names for a calling code is its main one (+44: GB before GG, IM, JE).
  const main = metadata.country_calling_codes[callingCode]?.[0];
  return { callingCode, country: main ?? null };
}
