import { z } from 'zod';
import { ZStationId } from './fax-identity';

/**
 * Wrong-number protection (decision 121): the station id (T.30 CSI) a recipient's fax machine is expected to announce,
 * kept on a contact and on each fax sent to it, and what came of comparing it with the one the machine announced.
 * T.30 carries at most 20 characters, digits, '+' and spaces.
 *
 * An expected station id as a person types it, checked as a number's own (fax-identity.ts): trimmed, runs of spaces
 * made one; empty is none (no check).
 */
export const ZExpectedStationId = ZStationId.transform((value) => value.replace(/ {2,}/g, ' ') || null)
  .nullable()
  .optional();

/**
 * The one comparison of station ids, wherever it is made (the engine's line, a carrier's report after the fact): the
 * same id whatever its spaces, '+', '-' and case, as machines pad and print it differently. The engine's own check
 * (native/faxmodem, `ident_key`) ignores the same characters.
 */
export const stationIdKey = (id: string): string => id.replace(/[\s+-]+/g, '').toUpperCase();
export const sameStationId = (expected: string, announced: string): boolean => stationIdKey(expected) === stationIdKey(announced);

export const STATION_CHECK_RESULTS = ['match', 'mismatch', 'not_checked'] as const;
export type TStationCheckResult = (typeof STATION_CHECK_RESULTS)[number];

/**
 * A sent fax's check: the id expected (null: none was set) and the one announced (null: the line did not say, as
 * Telnyx and Sinch do not), `not_checked` unless both are known.
 */
export const ZStationCheck = z.object({
  expected: z.string().nullable(),
  announced: z.string().nullable(),
  result: z.enum(STATION_CHECK_RESULTS),
});
export type TStationCheck = z.infer<typeof ZStationCheck>;

export function stationCheckOf(expected: string | null | undefined, announced: string | null | undefined): TStationCheck {
  const result = !expected || !announced ? 'not_checked' : sameStationId(expected, announced) ? 'match' : 'mismatch';
  return { expected: expected ?? null, announced: announced ?? null, result };
}

/**
 * After a first delivery to a contact that has no station id: the offer to remember the one its machine announced
 * (POST /api/faxes/:id/remember-station), on the fax's details; null when there is nothing to offer.
 */
export const ZStationOffer = z.object({ contactId: z.string(), contactName: z.string(), stationId: z.string() });
export type TStationOffer = z.infer<typeof ZStationOffer>;

/** A contact's last warning: its number answered with another station id than the one kept (or wrong-station). */
export const ZStationWarning = z.object({
  announced: z.string().nullable(),
  faxId: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type TStationWarning = z.infer<typeof ZStationWarning>;
