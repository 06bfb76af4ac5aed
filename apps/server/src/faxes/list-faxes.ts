import {
  HISTORY_MAX_OFFSET,
  HISTORY_SEARCH_COUNT_LIMIT,
  IN_FLIGHT_FAX_STATUSES,
  type TFaxDirection,
  type ZFaxListQuery,
} from '@faxline/shared';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { seesAllFaxes, type Membership } from '../accounts/membership';
import { faxTallies, faxes } from './schema';

type Query = z.output<typeof ZFaxListQuery>;
type FaxRow = typeof faxes.$inferSelect;

/** Which faxes of the account this member may see: all for owner and sub-admin; for a User, what they sent and what arrived. */
export function visibleTo(member: Membership, userId: string): SQL {
  const ofAccount = eq(faxes.accountId, member.accountId);
  return seesAllFaxes(member) ? ofAccount : and(ofAccount, or(eq(faxes.direction, 'inbound'), eq(faxes.userId, userId)))!;
}

/** The words the history shows for statuses (spec 001 §2.7), searchable like the stored ones. */
const SHOWN_STATUSES: Array<{ word: string; condition: () => SQL }> = [
  { word: 'processing', condition: () => inArray(faxes.status, [...IN_FLIGHT_FAX_STATUSES]) },
  { word: 'unread', condition: () => and(eq(faxes.direction, 'inbound'), isNull(faxes.readAt))! },
  { word: 'read', condition: () => and(eq(faxes.direction, 'inbound'), isNotNull(faxes.readAt))! },
];

/** Recipient or sender (number or name) or status, without regard to case: one trigram-indexed text (schema.ts). */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const shown = SHOWN_STATUSES.filter((s) => s.word === search.trim().toLowerCase()).map((s) => s.condition());
  return or(sql`${faxes.searchText} LIKE ${pattern}`, ...shown);
}

const SORT_COLUMNS = {
  date: () => faxes.createdAt,
  status: () => faxes.status,
  pages: () => faxes.pages,
  number: (direction: Query['direction']) => (direction === 'outbound' ? faxes.toNumber : faxes.fromNumber),
} as const;

/** A position in the list sorted by date: the last row's time and id, opaque to clients. */
const encodeCursor = (row: FaxRow) => Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new AppError('invalid_request', 'errors.badCursor');
  }
}

/**
 * Fax history (spec 001 §2.7, §4, §9): one page of one direction, the search applied, sorted, with both tabs' counts,
 * in one query. Counts come from the tallies the database keeps with every fax (no count over rows); a search counts
 * its matches up to a limit. Pages are numbered down to HISTORY_MAX_OFFSET rows; a cursor reaches any depth.
 */
export async function listFaxes(db: Database, member: Membership, userId: string, query: Query) {
  const scope = visibleTo(member, userId);
  const search = matching(query.search);
  const maxPage = Math.floor(HISTORY_MAX_OFFSET / query.pageSize) + 1;
  if (query.cursor && query.sort !== 'date') throw new AppError('invalid_request', 'errors.badCursor');
  if (!query.cursor && query.page > maxPage) throw new AppError('invalid_request', 'errors.pageTooDeep', { max: maxPage });

  // Ties follow the sort's direction, so that one index read forwards or backwards gives the whole order.
  const by = query.order === 'asc' ? asc : desc;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const afterCursor = after
    ? query.order === 'asc'
      ? sql`(${faxes.createdAt}, ${faxes.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : sql`(${faxes.createdAt}, ${faxes.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const page = db
    .select()
    .from(faxes)
    .where(and(scope, eq(faxes.direction, query.direction), search, afterCursor))
    .orderBy(by(SORT_COLUMNS[query.sort](query.direction)), by(faxes.createdAt), by(faxes.id))
    .limit(query.pageSize + 1)
    .offset(after ? 0 : (query.page - 1) * query.pageSize);

  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT counts.outbound_count, counts.inbound_count, page.*
    FROM (${search ? searchCounts(scope, search) : keptCounts(member, userId)}) AS counts
    LEFT JOIN LATERAL (${page}) AS page ON true`);

  const first = result.rows[0];
  const counts = { outbound: Number(first?.outbound_count ?? 0), inbound: Number(first?.inbound_count ?? 0) };
  const rows = result.rows.filter((row) => row.id !== null && row.id !== undefined).map(toFaxRow);
  const hasMore = rows.length > query.pageSize;
  const shown = hasMore ? rows.slice(0, query.pageSize) : rows;
  const countsCapped = Boolean(search) && (counts.outbound > HISTORY_SEARCH_COUNT_LIMIT || counts.inbound > HISTORY_SEARCH_COUNT_LIMIT);
  const cap = (n: number) => Math.min(n, HISTORY_SEARCH_COUNT_LIMIT);
  return {
    rows: shown,
    total: search ? cap(counts[query.direction]) : counts[query.direction],
    counts: search ? { outbound: cap(counts.outbound), inbound: cap(counts.inbound) } : counts,
    countsCapped,
    maxPage,
    nextCursor: query.sort === 'date' && hasMore ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

/** The tabs' counts as the tallies keep them: the whole account's, or for a User the faxes they sent. */
function keptCounts(member: Membership, userId: string): SQL {
  const tally = (sender: string, direction: TFaxDirection) =>
    sql`coalesce((SELECT ${faxTallies.faxes} FROM ${faxTallies} WHERE ${faxTallies.accountId} = ${member.accountId}
      AND ${faxTallies.userId} = ${sender} AND ${faxTallies.direction} = ${direction}), 0)`;
  return sql`SELECT ${tally(seesAllFaxes(member) ? '' : userId, 'outbound')} AS outbound_count, ${tally('', 'inbound')} AS inbound_count`;
}

/**
 * A search's matches per tab, each counted up to one past the limit (so that "more than the limit" can be said). One
 * pass over the matches counts both tabs: each pass reads every matching row from the table, the costly part of a
 * search. Only when that pass stops at its bound, which may leave one tab short, is each tab counted on its own.
 */
function searchCounts(scope: SQL, search: SQL): SQL {
  const bound = 2 * (HISTORY_SEARCH_COUNT_LIMIT + 1);
  const alone = (direction: TFaxDirection) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM ${faxes} WHERE ${and(scope, eq(faxes.direction, direction), search)}
      LIMIT ${HISTORY_SEARCH_COUNT_LIMIT + 1}) AS matched)`;
  return sql`SELECT
      CASE WHEN seen.total < ${bound} THEN seen.outbound ELSE ${alone('outbound')} END AS outbound_count,
      CASE WHEN seen.total < ${bound} THEN seen.inbound ELSE ${alone('inbound')} END AS inbound_count
    FROM (SELECT count(*) AS total, count(*) FILTER (WHERE matched.direction = 'outbound') AS outbound,
        count(*) FILTER (WHERE matched.direction = 'inbound') AS inbound
      FROM (SELECT ${faxes.direction} FROM ${faxes} WHERE ${and(scope, search)} LIMIT ${bound}) AS matched) AS seen`;
}

const FAX_COLUMNS = Object.entries(getTableColumns(faxes));

/** A row of the raw query back into the shape Drizzle gives (column names to fields, dates parsed). */
function toFaxRow(raw: Record<string, unknown>): FaxRow {
  const row: Record<string, unknown> = {};
  for (const [field, column] of FAX_COLUMNS) {
    const value = raw[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as FaxRow;
}
