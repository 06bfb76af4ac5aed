import { formatPhoneInternational, isE164 } from '@faxline/shared';

/** A fax number as people read it (international format); anything else as it came. */
export function readableNumber(number: string | null): string | null {
  const trimmed = number?.trim();
  if (!trimmed) return null;
  return isE164(trimmed) ? formatPhoneInternational(trimmed) : trimmed;
}

/** The other party of a fax: "Ana Ruiz (+1 415 555 0100)", the number or the name alone, or null when unknown. */
export function partyOf(number: string | null, name: string | null): string | null {
  const shownNumber = readableNumber(number);
  // A station name that only repeats the number is no name.
  const trimmedName = name?.trim() || null;
  const shownName = trimmedName && trimmedName !== number?.trim() ? trimmedName : null;
  if (shownName && shownNumber) return `${shownName} (${shownNumber})`;
  return shownName ?? shownNumber;
}

/** The badge's text: the count, "9+" past nine (the server counts up to its cap). */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "hace 3 horas": the age of an event in the active language; "now" under a minute. */
export function relativeTimeOf(iso: string, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
