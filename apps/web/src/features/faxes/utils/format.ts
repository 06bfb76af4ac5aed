import { formatPhoneInternational } from '@faxline/shared';

// The history, the details and the dashboard say a fax's time alike: the one helper lives in lib.
export { formatDateTime, formatSoon } from '@/lib/format-date';

/** A file size in the active language: "850 kB", "2.4 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A call's length in whole seconds, e.g. "42 sec" (the unit as the language writes it). */
export function formatDuration(ms: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 0 }).format(
    Math.round(ms / 1000),
  );
}

/** A fax number for people: international format ("+1 415 555 0100"); anything else as it is. */
export function formatNumber(number: string | null | undefined, unknown: string): string {
  return number ? formatPhoneInternational(number) : unknown;
}
