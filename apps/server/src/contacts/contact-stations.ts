import { AppError } from '../platform/http/app-error';
import { sameStationId, type TStationOffer, type TStationWarning } from '@faxline/shared';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { contacts } from './schema';

/**
 * The address book's part in wrong-number protection (decision 121): what a fax to a number learns about the contacts
 * holding it. The faxes module calls these when a try ends and when a fax's details are shown.
 */

/**
 * The station id each number's contacts expect, for a send that named none: per number, the first contact (in name
 * order) that has one. The send form fills it from the contact chosen; the API, e-mail and a broadcast's typed numbers
 * are checked the same way, from the address book.
 */
export async function expectedStationsOfNumbers(db: Database, accountId: string, numbers: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (numbers.length === 0) return found;
  const rows = await db
    .select({ faxNumber: contacts.faxNumber, stationId: contacts.stationId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.faxNumber, [...new Set(numbers)]), isNotNull(contacts.stationId)))
    .orderBy(asc(contacts.name), asc(contacts.id));
  for (const row of rows) if (!found.has(row.faxNumber)) found.set(row.faxNumber, row.stationId!);
  return found;
}

/**
 * A fax to this number found another station than expected (a carrier's or HylaFAX's report after the call, or the
 * engine's refusal before page 1): every contact of the number that expects a station id carries the warning, shown in
 * the address book until its station id is set again or a later fax finds the expected one.
 */
export async function warnContactsOfNumber(
  db: Pick<Database, 'update'>,
  accountId: string,
  number: string,
  warning: TStationWarning,
): Promise<void> {
  await db
    .update(contacts)
    .set({ stationWarning: warning })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.faxNumber, number)));
}

/** A fax to this number found the station each of its contacts expects: their warnings, if any, are answered. */
export async function clearContactWarnings(db: Database, accountId: string, number: string, announced: string): Promise<void> {
  const rows = await db
    .select({ id: contacts.id, stationId: contacts.stationId, stationWarning: contacts.stationWarning })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.faxNumber, number)));
  for (const row of rows)
    if (row.stationWarning && row.stationId && sameStationId(row.stationId, announced))
      await db.update(contacts).set({ stationWarning: null }).where(eq(contacts.id, row.id));
}

/**
 * What a delivered fax offers to remember: its number's contact (the first in name order) when no contact of the
 * number has a station id yet, with the id the machine announced; null otherwise.
 */
export async function stationOfferOf(
  db: Database,
  accountId: string,
  number: string,
  announced: string | null,
): Promise<TStationOffer | null> {
  if (!announced) return null;
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, stationId: contacts.stationId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.faxNumber, number)))
    .orderBy(asc(contacts.name), asc(contacts.id));
  if (rows.length === 0 || rows.some((row) => row.stationId)) return null;
  return { contactId: rows[0]!.id, contactName: rows[0]!.name, stationId: announced };
}

/**
 * Keeps the offered station id on the contact (POST /api/faxes/:id/remember-station), audited; refused with 409 when
 * the offer no longer stands (a station id was kept meanwhile, the contact was deleted).
 */
export async function rememberStationId(db: Database, actor: Actor, offer: TStationOffer, faxId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ stationId: offer.stationId, stationWarning: null, updatedAt: new Date() })
      .where(and(eq(contacts.id, offer.contactId), eq(contacts.accountId, actor.member.accountId), isNull(contacts.stationId)))
      .returning({ id: contacts.id });
    if (!row) throw new AppError('conflict', 'errors.stationOfferGone');
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { fields: ['station_id'], stationId: offer.stationId, fromFax: faxId }),
      action: 'contact.update',
      objectType: 'contact',
      objectId: offer.contactId,
      outcome: 'success',
    });
  });
}
