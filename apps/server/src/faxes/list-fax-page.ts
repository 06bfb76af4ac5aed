import type { ZV1FaxListQuery } from '@faxline/shared/api-v1';
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../accounts/actor';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { visibleTo } from './fax-access';
import { hasMatchingWords } from './fax-text-search';
import { faxes } from './schema';

type Query = z.output<typeof ZV1FaxListQuery>;

/** Where a page ends: the last fax's creation time and id (the list's order), kept opaque for the client. */
type Cursor = { at: string; id: string; sort: Query['sort'] };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, sort: Query['sort']): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (cursor.sort === sort && uuid.test(String(cursor.id)) && !Number.isNaN(Date.parse(cursor.at))) return cursor;
  } catch {
    // An unreadable cursor is refused below, as one made for another sort is.
  }
  throw new AppError('invalid_request', 'errors.invalidCursor');
}

/**
 * A page of the faxes this actor may see, filtered, in creation order, walked by cursor (the public API's list): each
 * page starts after the last one's final fax, so a page costs the same at any depth and no fax is skipped or shown
 * twice while new ones arrive.
 */
export async function listFaxPage(db: Database, actor: Actor, query: Query) {
  const newestFirst = query.sort === '-created_at';
  const filters: Array<SQL | undefined> = [
    visibleTo(actor.member, actor.user.id),
    query.status ? eq(faxes.status, query.status) : undefined,
    query.direction ? eq(faxes.direction, query.direction) : undefined,
    query.from ? eq(faxes.fromNumber, query.from) : undefined,
    query.to ? eq(faxes.toNumber, query.to) : undefined,
    query.number ? or(eq(faxes.fromNumber, query.number), eq(faxes.toNumber, query.number)) : undefined,
    // The words read on a fax (decision 100), matched as the history's search matches them.
    query.text ? hasMatchingWords(query.text) : undefined,
    query.created_after ? gt(faxes.createdAt, new Date(query.created_after)) : undefined,
    query.created_before ? lt(faxes.createdAt, new Date(query.created_before)) : undefined,
  ];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort);
    // Compared in the database at its own precision (microseconds): a JavaScript date would cut them off.
    const at = sql`${cursor.at}::timestamptz`;
    const beyond = newestFirst ? sql`<` : sql`>`;
    filters.push(sql`(${faxes.createdAt}, ${faxes.id}) ${beyond} (${at}, ${cursor.id}::uuid)`);
  }
  const order = newestFirst ? desc : asc;
  const rows = await db
    .select({ fax: faxes, at: sql<string>`to_char(${faxes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(faxes)
    .where(and(...filters))
    .orderBy(order(faxes.createdAt), order(faxes.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const more = rows.length > query.limit && last;
  return { rows: page.map((row) => row.fax), nextCursor: more ? encodeCursor({ at: last.at, id: last.fax.id, sort: query.sort }) : null };
}
