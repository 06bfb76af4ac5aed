import { z } from 'zod';
import { singleLineText } from './text';

let supported: Set<string> | undefined;

/** The IANA zones this runtime's Intl knows, with UTC (which Intl does not list among them). */
function supportedTimeZones(): Set<string> {
  supported ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return supported;
}

/**
 * Whether a name is a time zone Intl supports: listed by `Intl.supportedValuesOf('timeZone')`, or UTC, or an older
 * name of a listed one (US/Eastern for America/New_York), since a browser may still report such a name as its own.
 */
export function isSupportedTimeZone(name: string): boolean {
  if (supportedTimeZones().has(name)) return true;
  try {
    return supportedTimeZones().has(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** An IANA time zone name (`Europe/Paris`), one Intl supports; the message key of a refusal is the server's. */
export const ZTimeZone = z
  .string()
  .max(64, { error: 'errors.invalidTimeZone' })
  .check(singleLineText)
  .refine(isSupportedTimeZone, { error: 'errors.invalidTimeZone' });
