/**
 * A date and time in the chosen language (Intl), e.g. "Mar 14, 2026, 9:30 AM" or "14 mars 2026, 09:30": the
 * language the person picked, never the browser's default.
 */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
