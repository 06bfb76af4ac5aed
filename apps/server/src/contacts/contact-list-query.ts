import { z } from 'zod';

/** Where the next page starts: after this contact in (name, id) order. */
export type TContactCursor = { name: string; id: string };

const ZCursor = z.tuple([z.string(), z.uuid()]);

/** An opaque cursor (base64url of the last contact's name and id), so that clients do not build their own. */
export function encodeContactCursor(after: TContactCursor): string {
  return Buffer.from(JSON.stringify([after.name, after.id]), 'utf8').toString('base64url');
}

/** The contact a cursor points after, or null when it is not one of ours. */
export function decodeContactCursor(cursor: string): TContactCursor | null {
  try {
    const parsed = ZCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { name: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** A term made only of what a phone number is written with: searched as its digits, since numbers are kept as E.164. */
const PHONE_LIKE = /^[+\d\s\-.()]*\d[+\d\s\-.()]*$/;

/**
 * The ILIKE pattern of a search term (`search_text` is in lower case): the term lower-cased, with the pattern's own
 * characters (%, _ and the escape \) escaped, between wildcards; a phone-like term loses its separators ("+1 555-01"
 * finds +155501...). Null for a term with nothing to find.
 */
export function searchPattern(term: string): string | null {
  const trimmed = term.trim();
  const text = PHONE_LIKE.test(trimmed) ? trimmed.replace(/[\s\-.()]/g, '') : trimmed;
  if (!text) return null;
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
