/**
 * The time zones a person can pick (their profile's zone, the fax header's zone): the browser's IANA names, with UTC,
 * and the stored one even if this browser does not list it (the server accepted it), in alphabetical order.
 */
export function timeZoneChoices(stored: string | null): string[] {
  const names = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (stored) names.add(stored);
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}

/** "America/New_York" as people read it: "America/New York". The value sent stays the IANA name. */
export const timeZoneLabel = (name: string): string => name.replaceAll('_', ' ');
