/**
 * A date and time in the chosen language (Intl), e.g. "Mar 14, 2026, 9:30 AM" or "14 mars 2026, 09:30": the
 * language the person picked, never the browser's default.
 */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * A moment that is minutes away, such as a fax's next try: its time alone when it falls today ("10:42"), its date and
 * time otherwise, in the chosen language.
 */
export function formatSoon(iso: string, language: string, now = new Date()): string {
  const at = new Date(iso);
  const today = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return today ? new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(at) : formatDateTime(iso, language);
}
