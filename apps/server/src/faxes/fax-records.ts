import type { TDocumentClass, TFaxDirection, TFaxQuality, TFoundField, TLanguage, TPageProblemOfPage } from '@faxline/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { searchConfigurationOf } from './fax-text-search';
import { faxAttempts, faxes, faxTextWords } from './schema';
import { storedFilesOf } from './stored-files';

// What other capabilities read and change of faxes: they call these, never the tables.

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Deletes every fax of an account (its files' rows and tries go with it), in the caller's transaction. Returns how many,
 * and the keys of their files in the file store, for the caller to remove once the transaction has committed.
 */
export async function deleteFaxesOfAccount(tx: Tx, accountId: string): Promise<{ count: number; fileKeys: string[] }> {
  const ids = (await tx.select({ id: faxes.id }).from(faxes).where(eq(faxes.accountId, accountId))).map((fax) => fax.id);
  const fileKeys = await storedFilesOf(tx, ids);
  await tx.delete(faxes).where(eq(faxes.accountId, accountId));
  return { count: ids.length, fileKeys };
}

/** A fax's tries, first to last. */
export async function faxAttemptsOf(db: Database, faxId: string) {
  return db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(asc(faxAttempts.number));
}

/**
 * Keeps a fax's signed receipt, stored under `key`, unless one was kept first (two downloads at once): returns the key
 * of the receipt the fax keeps, this one or the first.
 */
export async function keepReceiptKey(db: Database, faxId: string, key: string): Promise<string> {
  const [kept] = await db
    .update(faxes)
    .set({ receiptKey: key })
    .where(and(eq(faxes.id, faxId), isNull(faxes.receiptKey), isNull(faxes.contentDeletedAt)))
    .returning({ id: faxes.id });
  if (kept) return key;
  const [row] = await db.select({ receiptKey: faxes.receiptKey }).from(faxes).where(eq(faxes.id, faxId));
  return row!.receiptKey!;
}

/** The keys of these faxes' document of record and first-page thumbnail (null until made), for the e-mails that carry them. */
export async function documentKeysOf(db: Database, faxIds: string[]) {
  return db
    .select({ id: faxes.id, documentKey: faxes.documentKey, thumbnailKey: faxes.thumbnailKey })
    .from(faxes)
    .where(inArray(faxes.id, faxIds));
}

/** What reading a fax's words needs of it: its document of record, the resolution it came at, and its text once read. */
export async function faxToRead(
  db: Database,
  faxId: string,
): Promise<{ documentKey: string | null; quality: TFaxQuality; textKey: string | null; direction: TFaxDirection } | undefined> {
  const [fax] = await db
    .select({ documentKey: faxes.documentKey, quality: faxes.quality, textKey: faxes.textKey, direction: faxes.direction })
    .from(faxes)
    .where(eq(faxes.id, faxId));
  return fax;
}

/** What reading finds on a received fax besides its words: pages to ask for again (decision 101), its class and fields (102). */
export type ReceivedFindings = {
  pageProblems: TPageProblemOfPage[];
  documentClass: TDocumentClass;
  classConfidence: number;
  foundFields: TFoundField[];
};

/**
 * Keeps the words read on a fax's pages, unless another run kept them first: their encrypted file (`key`), their
 * language, what they tell of a received fax, and, in the same transaction, their words for the search, made by
 * PostgreSQL from `text` in that language. Returns the key the fax keeps: this one, or the first run's (the caller
 * then removes its own file).
 */
export async function keepFaxText(
  db: Database,
  faxId: string,
  read: { key: string; language: TLanguage | null; text: string; received: ReceivedFindings | null },
): Promise<string | undefined> {
  const findings = read.received ? { ...read.received, classifiedBy: 'faxline' as const } : {};
  return inTransaction(db, async (tx) => {
    const [kept] = await tx
      .update(faxes)
      .set({ textKey: read.key, textLanguage: read.language, ...findings })
      .where(and(eq(faxes.id, faxId), isNull(faxes.textKey), isNull(faxes.contentDeletedAt)))
      .returning({ accountId: faxes.accountId, direction: faxes.direction });
    if (!kept) {
      const [row] = await tx.select({ textKey: faxes.textKey }).from(faxes).where(eq(faxes.id, faxId));
      return row?.textKey ?? undefined;
    }
    const configuration = searchConfigurationOf(read.language);
    await tx.insert(faxTextWords).values({
      faxId,
      accountId: kept.accountId,
      direction: kept.direction,
      configuration,
      words: sql`to_tsvector(${configuration}::regconfig, ${read.text})`,
    });
    return read.key;
  });
}

/**
 * A member's class for a received fax they may see (decision 102): kept as certain, unless the fax is gone meanwhile.
 * Returns the class it had, or undefined when there is no such fax.
 */
export async function setDocumentClass(db: Database, faxId: string, documentClass: TDocumentClass) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ documentClass: faxes.documentClass }).from(faxes).where(eq(faxes.id, faxId)).for('update');
    if (!before) return undefined;
    await tx.update(faxes).set({ documentClass, classConfidence: 1, classifiedBy: 'member' }).where(eq(faxes.id, faxId));
    return { previous: before.documentClass };
  });
}

/** What filing a received fax in an EHR needs of it (decision 105): its document of record, what it is, and from whom. */
export async function faxToExport(db: Database, faxId: string) {
  const [fax] = await db
    .select({
      id: faxes.id,
      accountId: faxes.accountId,
      direction: faxes.direction,
      documentKey: faxes.documentKey,
      documentClass: faxes.documentClass,
      foundFields: faxes.foundFields,
      textLanguage: faxes.textLanguage,
      fromNumber: faxes.fromNumber,
      senderName: faxes.senderName,
      pages: faxes.pages,
      createdAt: faxes.createdAt,
    })
    .from(faxes)
    .where(eq(faxes.id, faxId));
  return fax;
}

/** The account's last received faxes, newest first (a routing rule's dry run, decision 104). */
export async function recentReceivedFaxes(db: Database, accountId: string, limit: number) {
  return db
    .select()
    .from(faxes)
    .where(and(eq(faxes.accountId, accountId), eq(faxes.direction, 'inbound')))
    .orderBy(desc(faxes.createdAt), desc(faxes.id))
    .limit(limit);
}
