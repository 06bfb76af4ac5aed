import { formatPhoneInternational } from '@faxline/shared';

// File sizes and call lengths read alike on the verify-receipt page too.
export { formatDuration, formatFileSize } from '@/lib/format-units';

/** A fax number for people: international format ("+1 415 555 0100"); anything else as it is. */
export function formatNumber(number: string | null | undefined, unknown: string): string {
  return number ? formatPhoneInternational(number) : unknown;
}
