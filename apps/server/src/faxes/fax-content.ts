import { IN_FLIGHT_FAX_STATUSES, type TContentDeletionCause } from '@faxline/shared';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { faxAttempts, faxes, faxFiles, faxTextWords } from './schema';
import { storedFilesOf } from './stored-files';

// What retention (decision 108) reads and changes of faxes: the faxes whose content is still kept, and the deletion of
// that content with the row kept. Retention sits above faxes/ and calls these, never the tables.

/** Which of an account's faxes a retention period covers: those of one inbox, or all but those of some inboxes. */
export type ContentScope = {
  accountId: string;
  /** Kept content created before this instant. */
  createdBefore: Date;
  /** Only the received faxes of this inbox; or every fax except the received ones of these inboxes (their own period). */
  inbox: { only: string } | { except: readonly string[] };
  /** Faxes kept whatever the period: held one by one, or to or from a held number. */
  exceptFaxIds: readonly string[];
  exceptNumbers: readonly string[];
  /** Only the faxes of one direction (zero-footprint's sweep); both when absent. */
  direction?: 'inbound' | 'outbound';
};

function scopeCondition(scope: ContentScope): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(faxes.accountId, scope.accountId),
    isNull(faxes.contentDeletedAt),
    lt(faxes.createdAt, scope.createdBefore),
    notInArray(faxes.status, [...IN_FLIGHT_FAX_STATUSES]),
  ];
  if (scope.direction) conditions.push(eq(faxes.direction, scope.direction));
  if ('only' in scope.inbox) conditions.push(eq(faxes.inboxId, scope.inbox.only), eq(faxes.direction, 'inbound'));
  else if (scope.inbox.except.length > 0)
    conditions.push(or(isNull(faxes.inboxId), notInArray(faxes.inboxId, [...scope.inbox.except]), eq(faxes.direction, 'outbound')));
  if (scope.exceptFaxIds.length > 0) conditions.push(notInArray(faxes.id, [...scope.exceptFaxIds]));
  if (scope.exceptNumbers.length > 0) {
    const numbers = [...scope.exceptNumbers];
    conditions.push(notInArray(faxes.toNumber, numbers), or(isNull(faxes.fromNumber), notInArray(faxes.fromNumber, numbers)));
  }
  return and(...conditions)!;
}

/** The oldest faxes of the scope whose content is still kept, `limit` of them (a run takes them a batch at a time). */
export async function faxesKeepingContent(db: Database, scope: ContentScope, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: faxes.id })
    .from(faxes)
    .where(scopeCondition(scope))
    .orderBy(asc(faxes.createdAt), asc(faxes.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** How many faxes of the scope still keep their content (the settings' "next deletion"). */
export async function countFaxesKeepingContent(db: Database, scope: ContentScope): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(faxes)
    .where(scopeCondition(scope));
  return row?.count ?? 0;
}

/** What deciding about one fax's content needs: its account, direction, state, numbers, inbox and whether it is gone. */
export async function faxForRetention(db: Database, faxId: string) {
  const [fax] = await db
    .select({
      id: faxes.id,
      accountId: faxes.accountId,
      direction: faxes.direction,
      status: faxes.status,
      fromNumber: faxes.fromNumber,
      toNumber: faxes.toNumber,
      inboxId: faxes.inboxId,
      createdAt: faxes.createdAt,
      contentDeletedAt: faxes.contentDeletedAt,
    })
    .from(faxes)
    .where(eq(faxes.id, faxId));
  return fax;
}

/** Every file of the fax's content in the file store (its keys), for the caller to remove before `markContentDeleted`. */
export const contentFilesOf = (db: Database, faxId: string): Promise<string[]> => storedFilesOf(db, [faxId]);

/**
 * Records that the fax's content is gone, once its files (`removed`) are out of the file store: the keys and what was
 * read from the pages are cleared, the attachments' rows and the words for the search deleted, the row kept with when
 * and why. Refuses (false) when the fax now holds a file not removed (a reading that finished meanwhile), so that no
 * file is ever left without its key: the next run removes it, then records. True once recorded (or already so).
 */
export async function markContentDeleted(db: Database, faxId: string, removed: readonly string[], cause: TContentDeletionCause) {
  return inTransaction(db, async (tx) => {
    const [fax] = await tx.select({ deleted: faxes.contentDeletedAt }).from(faxes).where(eq(faxes.id, faxId)).for('update');
    if (!fax) return false;
    if (fax.deleted) return true;
    const now = await storedFilesOf(tx, [faxId]);
    if (now.some((key) => !removed.includes(key))) return false;
    await tx.delete(faxFiles).where(eq(faxFiles.faxId, faxId));
    await tx.delete(faxTextWords).where(eq(faxTextWords.faxId, faxId));
    await tx.update(faxAttempts).set({ imageKey: null }).where(eq(faxAttempts.faxId, faxId));
    await tx
      .update(faxes)
      .set({
        documentKey: null,
        documentSha256: null,
        imageKey: null,
        imageBytes: null,
        thumbnailKey: null,
        receiptKey: null,
        textKey: null,
        sourceUrl: null,
        foundFields: null,
        pageProblems: null,
        coverMessage: null,
        coverSubject: null,
        fileNames: null,
        contentDeletedAt: clock.now(),
        contentDeletedBy: cause,
      })
      .where(eq(faxes.id, faxId));
    return true;
  });
}

/** Of these faxes, the ones whose content is still kept. */
export async function keepingContent(db: Database, faxIds: readonly string[]): Promise<string[]> {
  if (faxIds.length === 0) return [];
  const rows = await db
    .select({ id: faxes.id })
    .from(faxes)
    .where(and(inArray(faxes.id, [...faxIds]), isNull(faxes.contentDeletedAt)));
  return rows.map((row) => row.id);
}
