import { parsePhoneNumberFromString, AsYouType } from 'libphonenumber-js/min';

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
