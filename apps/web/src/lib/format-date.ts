/**
 * Dates and times as people read them: in the chosen language and in the person's time zone (their profile's, or
 * their browser's until they choose one). Every date the portal and the back office show goes through here; a zone left
 * out is the browser's.
 */

/** The browser's own time zone (an IANA name such as "Europe/Paris"). */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A moment in any Intl form, in the language and the time zone given. */
export function formatInZone(
  iso: string | Date,
  language: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * A date and time in the chosen language (Intl), e.g. "Mar 14, 2026, 9:30 AM" or "14 mars 2026, 09:30": the
 * language the person picked, never the browser's default.
 */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  return formatInZone(iso, language, timeZone, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day alone, e.g. "Mar 14, 2026" (medium) or "March 14, 2026" (long), on the calendar of the time zone given. */
export function formatDate(iso: string, language: string, timeZone?: string, dateStyle: 'medium' | 'long' = 'medium'): string {
  return formatInZone(iso, language, timeZone, { dateStyle });
}

/** The calendar day a moment falls on in a time zone, to compare two moments' days. */
const dayIn = (at: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A moment that is minutes away, such as a fax's next try: its time alone when it falls today ("10:42"), its date and
 * time otherwise, in the chosen language and time zone.
 */
export function formatSoon(iso: string, language: string, now = new Date(), timeZone?: string): string {
  const at = new Date(iso);
  return dayIn(at, timeZone) === dayIn(now, timeZone)
    ? formatInZone(at, language, timeZone, { timeStyle: 'short' })
    : formatDateTime(iso, language, timeZone);
}
