import {
  ADMIN_NUMBERS_PAGE_SIZE,
  countryOf,
  NUMBER_RANGE_MAX,
  type ZAddNumbersRequest,
  type ZEditNumberRequest,
  type TAdminNumber,
  type TCarrier,
  type TNumberList,
} from '@faxline/shared';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { accountMembers } from '../accounts/schema';
import { CARRIER_NAMES } from '../lines/carriers/carrier';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { clock } from '../platform/clock';
import { takeableAt } from './quarantine';
import { faxNumbers } from './schema';

type TNumberRow = typeof faxNumbers.$inferSelect;
type TOwner = { userId: string; email: string; name: string } | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Numbers named in a "duplicates" message; the rest are counted. */
const NAMED_DUPLICATES = 10;

function toAdminNumber(row: TNumberRow, owner: TOwner): TAdminNumber {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    numberType: row.numberType,
    provider: row.provider,
    countryCode: row.countryCode,
    status: row.status,
    accountId: row.accountId,
    owner: owner?.userId ? owner : null,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    fromCarrier: row.carrierNumberId !== null,
    quarantinedUntil: row.quarantinedUntil?.toISOString() ?? null,
  };
}

/**
 * Numbers with the owner of the account holding each (spec 001 §7 reads the users of the assigned numbers). An owner
 * that cannot be found comes back as null, and the page shows an ID fragment instead.
 */
function selectWithOwner(db: Database) {
  return db
    .select({ number: faxNumbers, owner: { userId: users.id, email: users.email, name: users.name } })
    .from(faxNumbers)
    .leftJoin(accountMembers, and(eq(accountMembers.organizationId, faxNumbers.accountId), eq(accountMembers.role, 'owner')))
    .leftJoin(users, eq(users.id, accountMembers.userId));
}

const rowsToNumbers = (rows: Array<{ number: TNumberRow; owner: TOwner }>) => rows.map((r) => toAdminNumber(r.number, r.owner));

/** Any status other than available counts as assigned (spec 001 §4). */
const whereList = (list: TNumberList) => (list === 'available' ? eq(faxNumbers.status, 'available') : ne(faxNumbers.status, 'available'));

/** Available numbers newest first, assigned ones most recently assigned first (spec 001 §7), a page at a time. */
export async function listNumbers(db: Database, list: TNumberList, page: number) {
  const order =
    list === 'available'
      ? [desc(faxNumbers.createdAt), asc(faxNumbers.phoneNumber)]
      : [sql`${faxNumbers.assignedAt} DESC NULLS LAST`, asc(faxNumbers.phoneNumber)];
  const rows = await selectWithOwner(db)
    .where(whereList(list))
    .orderBy(...order)
    .limit(ADMIN_NUMBERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_NUMBERS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(faxNumbers).where(whereList(list));
  return { numbers: rowsToNumbers(rows), total: total?.n ?? 0, page, pageSize: ADMIN_NUMBERS_PAGE_SIZE };
}

export async function findNumber(db: Database, id: string): Promise<TAdminNumber> {
  // Ids are UUIDs: anything else names no number (and must not reach PostgreSQL as a malformed uuid).
  const [row] = UUID.test(id) ? await selectWithOwner(db).where(eq(faxNumbers.id, id)) : [];
  if (!row) throw new AppError('not_found', 'errors.numberNotFound');
  return toAdminNumber(row.number, row.owner);
}

/** Every number from `from` to `to`, both E.164 of the same length; at most NUMBER_RANGE_MAX. */
export function numbersInRange(from: string, to: string | null | undefined): string[] {
  if (!to || to === from) return [from];
  if (to.length !== from.length || to < from) throw new AppError('invalid_request', 'errors.numberRangeInvalid');
  const first = BigInt(from.slice(1));
  const size = BigInt(to.slice(1)) - first + 1n;
  if (size > BigInt(NUMBER_RANGE_MAX))
    throw new AppError('invalid_request', 'errors.numberRangeTooLarge', { max: NUMBER_RANGE_MAX, count: size.toString() });
  return Array.from({ length: Number(size) }, (_, i) => `+${(first + BigInt(i)).toString().padStart(from.length - 1, '0')}`);
}

function duplicatesError(duplicates: string[]): AppError {
  const named = duplicates.slice(0, NAMED_DUPLICATES).join(', ');
  const more = duplicates.length - NAMED_DUPLICATES;
  return more > 0
    ? new AppError('conflict', 'errors.numbersExistMany', { numbers: named, more })
    : new AppError('conflict', 'errors.numbersExist', { numbers: named });
}

/**
 * Adds one number or a range to the inventory, all or nothing: if any is already there, nothing is added and the
 * answer names the duplicates.
 */
export async function addNumbers(db: Database, input: z.output<typeof ZAddNumbersRequest>): Promise<TAdminNumber[]> {
  const wanted = numbersInRange(input.from, input.to);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(faxNumbers)
      .values(
        wanted.map((phoneNumber) => ({
          phoneNumber,
          numberType: input.numberType,
          provider: input.provider,
          countryCode: input.countryCode === undefined ? (countryOf(phoneNumber) ?? null) : input.countryCode,
        })),
      )
      // A number already there (or added at this very moment by someone else) is skipped, then reported.
      .onConflictDoNothing({ target: faxNumbers.phoneNumber })
      .returning();
    if (inserted.length < wanted.length) {
      const added = new Set(inserted.map((n) => n.phoneNumber));
      throw duplicatesError(wanted.filter((n) => !added.has(n)));
    }
    return inserted.sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber)).map((row) => toAdminNumber(row, null));
  });
}

/** Changes a number's type, provider or country; a number ordered from a carrier keeps the carrier as its provider. */
export async function editNumber(db: Database, id: string, input: z.output<typeof ZEditNumberRequest>) {
  const before = await findNumber(db, id);
  if (before.fromCarrier && input.provider !== undefined && input.provider !== before.provider)
    throw new AppError('conflict', 'errors.carrierNumberProvider', {
      carrier: CARRIER_NAMES[before.provider as TCarrier] ?? before.provider,
    });
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await db.update(faxNumbers).set(changes).where(eq(faxNumbers.id, id));
  return { before, after: await findNumber(db, id) };
}

/** Gives an available number to an account (spec 001 §4: status assigned, assigned_at now). */
export async function assignNumber(db: Database, id: string, accountId: string): Promise<TAdminNumber> {
  const before = await findNumber(db, id);
  // Only while it is still available: two admins assigning the same number at once cannot both succeed.
  // Nor while a customer's release keeps it in quarantine (decision 112): the back office is "anyone" too.
  const now = clock.now();
  const updated = await db
    .update(faxNumbers)
    .set({ status: 'assigned', accountId, assignedAt: now, quarantinedUntil: null })
    .where(and(eq(faxNumbers.id, before.id), takeableAt(now)))
    .returning({ id: faxNumbers.id });
  if (updated.length === 0) {
    if (before.status === 'available' && before.quarantinedUntil)
      throw new AppError('conflict', 'errors.numberQuarantined', {
        number: before.phoneNumber,
        until: before.quarantinedUntil.slice(0, 10),
      });
    throw new AppError('conflict', 'errors.numberAlreadyAssigned');
  }
  return findNumber(db, id);
}

/** Returns a number to the inventory (spec 001 §4: available, user and assigned_at cleared). */
export async function releaseNumber(db: Database, id: string): Promise<{ released: TAdminNumber; fromAccountId: string | null }> {
  const before = await findNumber(db, id);
  const updated = await db
    .update(faxNumbers)
    .set({ status: 'available', accountId: null, assignedAt: null })
    .where(and(eq(faxNumbers.id, before.id), ne(faxNumbers.status, 'available')))
    .returning({ id: faxNumbers.id });
  if (updated.length === 0) throw new AppError('conflict', 'errors.numberNotAssigned');
  return { released: await findNumber(db, id), fromAccountId: before.accountId };
}

/** The conditions a search text stands for: digits of the number, a country code, a number type or a provider. */
function searchConditions(q: string): SQL[] {
  const conditions: SQL[] = [];
  const digits = q.replace(/\D/g, '');
  if (digits) conditions.push(sql`${faxNumbers.phoneNumber} LIKE ${`%${digits}%`}`);
  if (/^[a-z]{2}$/i.test(q)) conditions.push(eq(faxNumbers.countryCode, q.toUpperCase()));
  const word = q.toLowerCase().replace(/[\s-]+/g, '_');
  if (/^[a-z_]{3,}$/.test(word)) {
    conditions.push(sql`${faxNumbers.numberType} LIKE ${`${word}%`}`);
    conditions.push(sql`lower(${faxNumbers.provider}) LIKE ${`%${word.replace(/_/g, '\\_')}%`}`);
  }
  return conditions;
}

/** Searches the whole inventory, available and assigned, at most `limit` numbers. */
export async function searchNumbers(db: Database, q: string, limit: number) {
  const conditions = searchConditions(q);
  if (conditions.length === 0) return { numbers: [], truncated: false };
  const rows = await selectWithOwner(db)
    .where(
      sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` OR `,
      ),
    )
    .orderBy(asc(faxNumbers.phoneNumber))
    .limit(limit + 1);
  return { numbers: rowsToNumbers(rows.slice(0, limit)), truncated: rows.length > limit };
}
