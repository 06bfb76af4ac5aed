import { z } from 'zod';
import { singleLineText } from '../text';

/**
 * An account's blocklist (junk fax): GET /api/blocklist, POST /api/blocklist, DELETE
 * /api/blocklist/:id. Each entry is a number or the start of numbers, in E.164 ("+1555" blocks every number that
 * begins so). A blocked number's calls are rejected before anything is stored, and faxes to it are refused.
 * The platform's own lists are system settings (blockedRecipientPrefixes, blockedCallerPrefixes).
 */
export const MAX_BLOCKLIST_ENTRIES = 500;
export const MAX_BLOCKLIST_NOTE_LENGTH = 200;

/** A number or a prefix of numbers: "+", a country code's first digit (not 0), then at most 14 more digits. */
export const BLOCKED_PREFIX_PATTERN = /^\+[1-9]\d{0,14}$/;

export const ZBlockedNumber = z.object({
  id: z.string(),
  prefix: z.string(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TBlockedNumber = z.infer<typeof ZBlockedNumber>;

export const ZBlocklist = z.object({ entries: z.array(ZBlockedNumber), max: z.number().int() });
export type TBlocklist = z.infer<typeof ZBlocklist>;

export const ZAddBlockedNumberRequest = z.object({
  // Spaces, dashes, dots and brackets as people type numbers are dropped; what is left must be a prefix.
  prefix: z
    .string()
    .max(40)
    .check(singleLineText)
    .transform((value) => value.replace(/[\s\-.()]/g, ''))
    .pipe(z.string().regex(BLOCKED_PREFIX_PATTERN, { error: 'errors.invalidBlockedPrefix' })),
  note: z.string().trim().max(MAX_BLOCKLIST_NOTE_LENGTH, { error: 'errors.blocklistNoteTooLong' }).check(singleLineText).optional(),
});
export type TAddBlockedNumberRequest = z.input<typeof ZAddBlockedNumberRequest>;

export const ZBlockedNumberParams = z.object({ id: z.uuid({ error: 'errors.blockedNumberNotFound' }) });

/** Whether a number falls under one of the prefixes: the longest matching prefix, or undefined. */
export function matchingPrefix(number: string, prefixes: readonly string[]): string | undefined {
  return prefixes.filter((prefix) => number.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
}
