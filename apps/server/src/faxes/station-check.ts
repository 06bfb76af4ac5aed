import { stationCheckOf } from '@faxline/shared';
import { clearContactWarnings, warnContactsOfNumber } from '../contacts/contact-stations';
import type { Database } from '../platform/db/client';
import type { CallOutcome } from '../lines/fax-line';

/**
 * The station id the remote announced (CSI), as a try's end reports it, whichever line reported it (the engine during
 * the call; HylaFAX and a carrier after it): end-attempt.ts keeps it on the fax. Null when none was announced.
 */
export function announcedStationOf(outcome: CallOutcome): string | null {
  return outcome.call?.remoteIdent?.trim() || null;
}

/**
 * What a try's end tells of the station that answered (decision 121), in the transaction that ends it (which has kept
 * the announced station id on the fax, announcedStationOf). A machine other than the one expected (the engine's
 * refusal before page 1, or a delivery a line could only check afterwards) warns the number's contacts; the expected
 * one answers their earlier warnings. A fax delivered to another station is not failed: it was sent, and its check
 * says so.
 */
export async function recordAnsweringStation(
  tx: Database,
  fax: { id: string; accountId: string; toNumber: string; expectedStationId: string | null },
  outcome: CallOutcome,
): Promise<void> {
  const announced = announcedStationOf(outcome);
  if (!announced && outcome.result !== 'wrong_station') return;
  const check = stationCheckOf(fax.expectedStationId, announced);
  if (outcome.result === 'wrong_station' || check.result === 'mismatch')
    await warnContactsOfNumber(tx, fax.accountId, fax.toNumber, { announced, faxId: fax.id, at: new Date().toISOString() });
  else if (check.result === 'match' && announced) await clearContactWarnings(tx, fax.accountId, fax.toNumber, announced);
}
