import {
  DEFAULT_LANGUAGE,
  MAX_CONTACT_IMPORT_BYTES,
  MAX_CONTACT_IMPORT_ROWS,
  MAX_CONTACTS,
  ZContactInput,
  type TContact,
  type TContactImportResult,
  type TContactList,
  type TLanguage,
  type ZContactListQuery,
  type ZContactUpdate,
} from '@faxline/shared';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { translateIssue, translator } from '../platform/i18n/i18n';
import { readContactCsv, writeContactCsv } from './contacts-csv';
import { decodeContactCursor, encodeContactCursor, searchPattern } from './contact-list-query';
import { contacts } from './schema';

/**
 * The address book (decision 048): the services behind /api/contacts (the portal) and /v1/contacts
 * (the public API). Reads take the account; changes take the Actor, and each writes one audit row.
 */

export type ContactRow = typeof contacts.$inferSelect;
export type TContactListOptions = z.output<typeof ZContactListQuery>;
export type TNewContact = z.output<typeof ZContactInput>;
export type TContactChange = z.output<typeof ZContactUpdate>;

/** A row as the contract's contact (the same shape on /api and /v1). */
export function toPublicContact(row: ContactRow): TContact {
  return {
    id: row.id,
    name: row.name,
    fax_number: row.faxNumber,
    company: row.company,
    email: row.email,
    notes: row.notes,
    tags: row.tags,
    station_id: row.stationId,
    station_warning: row.stationWarning,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of the account's contacts in name order, matching `search` and `tag`; `next_cursor` is null on the last. */
export async function listContacts(db: Database, accountId: string, query: TContactListOptions): Promise<TContactList> {
  const conditions: SQL[] = [eq(contacts.accountId, accountId)];
  const pattern = query.search ? searchPattern(query.search) : null;
  if (pattern) conditions.push(sql`${contacts.searchText} ilike ${pattern}`);
  if (query.tag) conditions.push(sql`${contacts.tags} @> array[${query.tag}]::text[]`);
  if (query.cursor) {
    const after = decodeContactCursor(query.cursor);
    if (!after) throw new AppError('invalid_request', 'errors.invalidCursor');
    conditions.push(sql`(${contacts.name}, ${contacts.id}) > (${after.name}, ${after.id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toPublicContact),
    next_cursor: rows.length > query.limit && last ? encodeContactCursor({ name: last.name, id: last.id }) : null,
  };
}

/** One contact of the account; 404 for one of another account as for none at all. */
export async function getContact(db: Database, accountId: string, id: string): Promise<TContact> {
  return toPublicContact(await contactRow(db, accountId, id));
}

export async function createContact(db: Database, actor: Actor, input: TNewContact): Promise<TContact> {
  return inTransaction(db, async (tx) => {
    await lockAddressBook(tx, actor.member.accountId);
    const stored = await contactCount(tx, actor.member.accountId);
    if (stored >= MAX_CONTACTS) throw new AppError('invalid_request', 'errors.contactsFull');
    const [row] = await tx.insert(contacts).values(newContactRow(actor.member.accountId, input)).returning();
    await audit(tx, actor, 'contact.create', row!.id, { name: row!.name });
    return toPublicContact(row!);
  });
}

/** Changes the fields given, and only those; nothing given changes nothing (and is not audited). */
export async function updateContact(db: Database, actor: Actor, id: string, change: TContactChange): Promise<TContact> {
  const values = columnsOf(change);
  if (Object.keys(values).length === 0) return getContact(db, actor.member.accountId, id);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(contacts.id, id), eq(contacts.accountId, actor.member.accountId)))
      .returning();
    if (!row) throw new AppError('not_found', 'errors.contactNotFound');
    await audit(tx, actor, 'contact.update', id, { fields: Object.keys(change).sort() });
    return toPublicContact(row);
  });
}

export async function deleteContact(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.accountId, actor.member.accountId)))
      .returning({ name: contacts.name });
    if (!removed) throw new AppError('not_found', 'errors.contactNotFound');
    await audit(tx, actor, 'contact.delete', id, { name: removed.name });
  });
}

/**
 * Adds a CSV file's contacts (contacts-csv.ts) in one transaction. A row the contract refuses is skipped and reported
 * with its line and why, in `language`; a row whose name (any case) and number are already in the book, or earlier in
 * the file, is skipped as a duplicate. Refused whole when the file is too large, has too many rows, or would take the
 * book past MAX_CONTACTS.
 */
export async function importContacts(
  db: Database,
  actor: Actor,
  csvText: string,
  options: { language?: TLanguage } = {},
): Promise<TContactImportResult> {
  if (Buffer.byteLength(csvText, 'utf8') > MAX_CONTACT_IMPORT_BYTES)
    throw new AppError('payload_too_large', 'errors.contactImportTooLarge');
  const rows = readContactCsv(csvText);
  if (rows.length > MAX_CONTACT_IMPORT_ROWS) throw new AppError('invalid_request', 'errors.contactImportTooManyRows');
  const language = options.language ?? (actor.user.language as TLanguage | null | undefined) ?? DEFAULT_LANGUAGE;
  const t = translator(language);

  const rejected: TContactImportResult['rejected'] = [];
  const valid: Array<TNewContact> = [];
  for (const row of rows) {
    const parsed = ZContactInput.safeParse(row.input);
    if (parsed.success) valid.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      rejected.push({
        line: row.line,
        message: t('errors.invalidField', { field: issue.path.join('.'), message: translateIssue(issue, language) }),
      });
    }
  }

  return inTransaction(db, async (tx) => {
    const accountId = actor.member.accountId;
    await lockAddressBook(tx, accountId);
    const existing = await tx
      .select({ name: contacts.name, faxNumber: contacts.faxNumber })
      .from(contacts)
      .where(eq(contacts.accountId, accountId));
    const seen = new Set(existing.map((row) => duplicateKey(row.name, row.faxNumber)));
    const added = valid.filter((input) => {
      const key = duplicateKey(input.name, input.fax_number);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const room = MAX_CONTACTS - existing.length;
    if (added.length > room) throw new AppError('invalid_request', 'errors.contactImportOverLimit', { room: Math.max(room, 0) });
    for (let start = 0; start < added.length; start += IMPORT_CHUNK)
      await tx.insert(contacts).values(added.slice(start, start + IMPORT_CHUNK).map((input) => newContactRow(accountId, input)));
    const result = { imported: added.length, duplicates: valid.length - added.length, rejected };
    await audit(tx, actor, 'contact.import', null, { imported: result.imported, duplicates: result.duplicates, rejected: rejected.length });
    return result;
  });
}

/** Every contact of the account as a CSV file (contacts-csv.ts), in name order. */
export async function exportContacts(db: Database, accountId: string): Promise<string> {
  const rows = await db.select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.name), asc(contacts.id));
  return writeContactCsv(rows.map(toPublicContact));
}

/** Rows per INSERT of an import: well under PostgreSQL's limit of parameters per statement. */
const IMPORT_CHUNK = 1000;

const duplicateKey = (name: string, faxNumber: string) => `${name.toLowerCase()}\u001f${faxNumber}`;

async function contactRow(db: Database, accountId: string, id: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.accountId, accountId)));
  if (!row) throw new AppError('not_found', 'errors.contactNotFound');
  return row;
}

async function contactCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db.select({ stored: count() }).from(contacts).where(eq(contacts.accountId, accountId));
  return row?.stored ?? 0;
}

/** One change of an account's address book at a time, so that two additions together cannot pass MAX_CONTACTS. */
async function lockAddressBook(tx: Database, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contacts:${accountId}`}, 0))`);
}

/** A new contact as the table stores it (the test factory stores its contacts the same way). */
export function newContactRow(accountId: string, input: TNewContact) {
  return {
    accountId,
    name: input.name,
    faxNumber: input.fax_number,
    company: input.company ?? null,
    email: input.email ?? null,
    notes: input.notes ?? null,
    tags: input.tags ?? [],
    stationId: input.station_id ?? null,
  };
}

/** The contract's fields that were given, as the table's columns. */
function columnsOf(input: TContactChange) {
  const columns: Partial<Pick<ContactRow, 'name' | 'faxNumber' | 'company' | 'email' | 'notes' | 'tags' | 'stationId' | 'stationWarning'>> =
    {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.fax_number !== undefined) columns.faxNumber = input.fax_number;
  if (input.company !== undefined) columns.company = input.company;
  if (input.email !== undefined) columns.email = input.email;
  if (input.notes !== undefined) columns.notes = input.notes;
  if (input.tags !== undefined) columns.tags = input.tags;
  // A station id set anew answers the warning its old one earned (decision 121).
  if (input.station_id !== undefined) Object.assign(columns, { stationId: input.station_id, stationWarning: null });
  return columns;
}

function audit(db: Database, actor: Actor, action: AuditEvent['action'], id: string | null, details: AuditEvent['details']) {
  return recordAuditEvent(db, { ...auditedBy(actor, details), action, objectType: 'contact', objectId: id, outcome: 'success' });
}
