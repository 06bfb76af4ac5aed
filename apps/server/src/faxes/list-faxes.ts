import { HISTORY_MAX_OFFSET, IN_FLIGHT_FAX_STATUSES, type TFaxDirection, type ZFaxListQuery } from '@faxline/shared';
import { and, asc, desc, eq, getTableColumns, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Membership } from '../accounts/membership';
import { sentFaxesTallyKey, visibleTalliesTo, visibleTo } from './fax-access';
import { inboxTallyKeysOfQuery } from '../inboxes/inboxes';
import { seesAllFaxes } from '../accounts/membership';
import { faxesWithWords, hasMatchingWords, wordsOfTabMatching } from './fax-text-search';
import { faxSearchTallies, faxTallies, faxes, faxTextWords } from './schema';
import { reasonsNamed, statusesNamed } from './status-words';

type Query = z.output<typeof ZFaxListQuery>;
type FaxRow = typeof faxes.$inferSelect;

/** What a search looks at, on faxes or on their search tallies (schema.ts). */
type Searchable = { searchText: SQL; status: SQL; direction: SQL; unread: SQL };

const ON_FAXES = {
  // Written as an expression no index holds: a search read in the list's order (below) filters rows as it goes.
  searchText: sql`(${faxes.searchText} || '')`,
  status: sql`${faxes.status}`,
  direction: sql`${faxes.direction}`,
  unread: sql`(${faxes.direction} = 'inbound' AND ${faxes.readAt} IS NULL)`,
} satisfies Searchable;
const ON_FAXES_INDEXED: Searchable = { ...ON_FAXES, searchText: sql`${faxes.searchText}` };
const ON_TALLIES = {
  searchText: sql`${faxSearchTallies.searchText}`,
  status: sql`${faxSearchTallies.status}`,
  direction: sql`${faxSearchTallies.direction}`,
  unread: sql`${faxSearchTallies.unread}`,
} satisfies Searchable;

/** The words the history shows for statuses (spec 001 §2.7), searchable like the stored ones. */
const SHOWN_STATUSES: Array<{ word: string; condition: (on: Searchable) => SQL }> = [
  {
    word: 'processing',
    condition: (on) =>
      sql`${on.status} IN (${sql.join(
        IN_FLIGHT_FAX_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})`,
  },
  { word: 'unread', condition: (on) => sql`${on.unread}` },
  { word: 'read', condition: (on) => sql`(${on.direction} = 'inbound' AND NOT ${on.unread})` },
];

/** A text as a LIKE pattern matches it literally. */
const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search text's field of the failure reason (its 6th, schema.ts) is one of these: found by the trigram index
 * (the LIKE), checked exactly (split_part), on faxes and on the search tallies alike, so that counts and page agree.
 */
function failedFor(reasons: readonly string[], on: Searchable): SQL[] {
  return reasons.map(
    (reason) =>
      sql`(${on.searchText} LIKE ${`%\u001f${literally(reason)}\u001f%`} AND split_part(${on.searchText}, chr(31), 6) = ${reason})`,
  );
}

/**
 * Recipient or sender (number or name), status, failure reason, cover subject or file names, without regard to case:
 * one trigram-indexed text (schema.ts), the text the search tallies count.
 */
function matching(search: string, on: Searchable): SQL {
  const pattern = `%${literally(search.toLowerCase())}%`;
  const shown = SHOWN_STATUSES.filter((s) => s.word === search.trim().toLowerCase()).map((s) => s.condition(on));
  // A status in the reader's language ("fallido", "échoué"): the stored status it names (decision 111).
  const named = statusesNamed(search);
  const translated =
    named.length > 0
      ? [
          sql`${on.status} IN (${sql.join(
            named.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ]
      : [];
  // A failure reason in the reader's language ("ocupado", "occupé"): the reason's code kept in the text.
  return or(sql`${on.searchText} LIKE ${pattern}`, ...shown, ...translated, ...failedFor(reasonsNamed(search), on))!;
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
 * Fax history (spec 001 §2.7, §4, §9): one page of one direction, the search applied, sorted, with both tabs' counts.
 * No request counts faxes: the counts come from the tallies the database keeps with every fax, a search's from its
 * search tallies (exact), which also decide how a search's page is read (`readInOrder`); counts and page are one
 * query. Pages are numbered down to HISTORY_MAX_OFFSET rows; a cursor reaches any depth.
 */
export async function listFaxes(db: Database, member: Membership, userId: string, query: Query) {
  const maxPage = Math.floor(HISTORY_MAX_OFFSET / query.pageSize) + 1;
  if (query.cursor && query.sort !== 'date') throw new AppError('invalid_request', 'errors.badCursor');
  if (!query.cursor && query.page > maxPage) throw new AppError('invalid_request', 'errors.pageTooDeep', { max: maxPage });
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.pageSize;

  const page = (search?: SQL) => pageOf(db, member, userId, query, after, offset, search);
  const hasMatches = sql.raw(`found.${query.direction}_count > 0`);
  const inOrder = readInOrder(query.direction, offset + query.pageSize + 1);
  const result = await db.execute<Record<string, unknown>>(
    query.search
      ? // The exact counts first; from them, one of the two ways of reading the page runs (the other is skipped whole).
        sql`WITH found AS (${searchCounts(member, userId, query.search)})
        SELECT found.outbound_count, found.inbound_count, found.outbound_more, found.inbound_more, page.*
        FROM found LEFT JOIN LATERAL (
          (${page(and(hasMatches, inOrder, or(matching(query.search, ON_FAXES), hasMatchingWords(query.search))))})
          UNION ALL
          (${page(and(hasMatches, not(inOrder), matchingFromIndexes(member, userId, query.direction, query.search)))})
        ) AS page ON true`
      : sql`SELECT counts.outbound_count, counts.inbound_count, page.*
        FROM (${keptCounts(member, userId)}) AS counts LEFT JOIN LATERAL (${page()}) AS page ON true`,
  );
  const first = result.rows[0];
  const counts = { outbound: Number(first?.outbound_count ?? 0), inbound: Number(first?.inbound_count ?? 0) };
  const countsAtLeast = { outbound: first?.outbound_more === true, inbound: first?.inbound_more === true };
  const rows = result.rows.filter((row) => row.id !== null && row.id !== undefined).map(toFaxRow);
  const hasMore = rows.length > query.pageSize;
  const shown = hasMore ? rows.slice(0, query.pageSize) : rows;
  return {
    rows: shown,
    total: counts[query.direction],
    counts,
    countsAtLeast,
    maxPage,
    nextCursor: query.sort === 'date' && hasMore ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

/**
 * How a search's page is read, chosen from its exact counts (the planner can only guess how many faxes a substring
 * matches, and guessed few for a correspondent with thousands): in the list's order, keeping the matches as they come
 * (about `wanted` x faxes / matches rows read), or all the matches from the trigram index and then sorted (about
 * `matches` rows read): whichever reads fewer rows. Read from `found`, the counts of the same query.
 */
function readInOrder(direction: TFaxDirection, wanted: number): SQL {
  const d = direction;
  return sql.raw(`(found.${d}_more OR ${wanted} * found.${d}_kept <= found.${d}_count * found.${d}_count)`);
}

/**
 * A search's matches read from the indexes: those of the trigram index and those of the words read on faxes, as one
 * set of ids (an OR of the two on faxes could use neither index).
 */
function matchingFromIndexes(member: Membership, userId: string, direction: TFaxDirection, search: string): SQL {
  return sql`${faxes.id} IN (SELECT ${faxes.id} FROM ${faxes}
      WHERE ${and(visibleTo(member, userId), matching(search, ON_FAXES_INDEXED))}
    UNION ${faxesWithWords(member.accountId, direction, search)})`;
}

/** One page of the list, one row past it to tell whether there is more. */
function pageOf(
  db: Database,
  member: Membership,
  userId: string,
  query: Query,
  after: { createdAt: Date; id: string } | undefined,
  offset: number,
  search: SQL | undefined,
) {
  // Ties follow the sort's direction, so that one index read forwards or backwards gives the whole order.
  const by = query.order === 'asc' ? asc : desc;
  const afterCursor = after
    ? query.order === 'asc'
      ? sql`(${faxes.createdAt}, ${faxes.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : sql`(${faxes.createdAt}, ${faxes.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(faxes)
    .where(and(visibleTo(member, userId), eq(faxes.direction, query.direction), search, afterCursor))
    .orderBy(by(SORT_COLUMNS[query.sort](query.direction)), by(faxes.createdAt), by(faxes.id))
    .limit(query.pageSize + 1)
    .offset(offset);
}

/**
 * The tabs' counts as the tallies keep them: the whole account's, or for a User the faxes they sent and the received
 * ones filed in no inbox or in theirs (decision 103).
 */
function keptCounts(member: Membership, userId: string): SQL {
  const tally = (sender: string, direction: TFaxDirection) =>
    sql`coalesce((SELECT ${faxTallies.faxes} FROM ${faxTallies} WHERE ${faxTallies.accountId} = ${member.accountId}
      AND ${faxTallies.userId} = ${sender} AND ${faxTallies.direction} = ${direction}), 0)`;
  const received = seesAllFaxes(member)
    ? tally('', 'inbound')
    : sql`coalesce((SELECT sum(${faxTallies.faxes}) FROM ${faxTallies} WHERE ${faxTallies.accountId} = ${member.accountId}
      AND ${faxTallies.direction} = 'inbound' AND ${faxTallies.userId} IN ${inboxTallyKeysOfQuery(userId)}), 0)`;
  return sql`SELECT ${tally(sentFaxesTallyKey(member, userId), 'outbound')} AS outbound_count, ${received} AS inbound_count`;
}

/**
 * The faxes found only by their read words that a search's counts count, per tab (decision 100): past it, a tab's count
 * says "at least" (`_more`). Counting them is a look at each (its row, who may see it, its text), unlike the tallies:
 * a word on every fax of a large account would otherwise cost the history's goal many times over.
 */
export const WORD_MATCHES_COUNTED = 1_000;

/**
 * A search's matches per tab: those of its text summed from the search tallies (a few rows per correspondent, exact),
 * and those found only by their read words counted up to WORD_MATCHES_COUNTED, beside the tabs' kept counts (for
 * `readInOrder`). A User counts the faxes they sent and every received one, as `visibleTo` shows them.
 */
function searchCounts(member: Membership, userId: string, search: string): SQL {
  const t = faxSearchTallies;
  const sum = (direction: TFaxDirection) => sql`coalesce(sum(${t.faxes}) FILTER (WHERE ${t.direction} = ${direction}), 0)`;
  // From the words' index to each fax by its key, stopping at the limit. `OFFSET 0` keeps both as written: PostgreSQL
  // would otherwise join the faxes by a hash (reading the account's faxes until enough match), and evaluate the counts
  // again for each use of them below.
  const byWords = (direction: TFaxDirection) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${faxTextWords}
      WHERE ${wordsOfTabMatching(member.accountId, direction, search)}
        AND EXISTS (SELECT 1 FROM ${faxes} WHERE ${faxes.id} = ${faxTextWords.faxId} AND ${visibleTo(member, userId)}
          AND NOT coalesce(${matching(search, ON_FAXES_INDEXED)}, false) OFFSET 0)
      LIMIT ${WORD_MATCHES_COUNTED + 1}) AS matches)`;
  return sql`SELECT tallied.outbound_count + least(read.outbound_count, ${WORD_MATCHES_COUNTED}) AS outbound_count,
      tallied.inbound_count + least(read.inbound_count, ${WORD_MATCHES_COUNTED}) AS inbound_count,
      read.outbound_count > ${WORD_MATCHES_COUNTED} AS outbound_more, read.inbound_count > ${WORD_MATCHES_COUNTED} AS inbound_more,
      kept.outbound_count AS outbound_kept, kept.inbound_count AS inbound_kept
    FROM (SELECT ${sum('outbound')} AS outbound_count, ${sum('inbound')} AS inbound_count FROM ${t}
      WHERE ${and(visibleTalliesTo(member, userId, t), matching(search, ON_TALLIES))}) AS tallied,
    (SELECT ${byWords('outbound')} AS outbound_count, ${byWords('inbound')} AS inbound_count OFFSET 0) AS read,
    (${keptCounts(member, userId)}) AS kept`;
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
