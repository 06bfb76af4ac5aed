import {
  ADMIN_AUDIT_PAGE_SIZE,
  AUDIT_COUNT_LIMIT,
  auditDateBound,
  type TAdminAuditFacets,
  type TAdminAuditQuery,
  type TAdminAuditResponse,
  type TAuditEvent,
} from '@faxline/shared';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../platform/db/client';
import { auditEvents } from './schema';

type Filters = Omit<TAdminAuditQuery, 'page'>;

/**
 * The people the trail names, asked of their owner (auth/people.ts): audit/ sits below auth/, whose sign-ins it
 * records, so the viewer is given them (RouteDeps.auditPeople).
 */
export type AuditPeople = {
  /** The ids of everyone whose e-mail address or name holds the text. */
  idsMatching(db: Database, text: string): Promise<string[]>;
  /** The address and name of each of these people who still exists. */
  named(db: Database, ids: string[]): Promise<Array<{ id: string; email: string; name: string }>>;
};
type ViewerDeps = { db: Database; people: AuditPeople };

/**
 * The people a person filter names: the text as an id (a deleted person keeps theirs in the trail), and everyone
 * whose e-mail address or name holds it. Looked up first, so that the events are then read through the actor index
 * (a filter on the people could only be checked event by event, newest first, through the whole trail).
 */
async function actorIds({ db, people }: ViewerDeps, actor: string): Promise<string[]> {
  return [actor, ...(await people.idsMatching(db, actor))];
}

/** Every filter narrows: all of them must hold. Dates were checked by the contract, so their bounds exist. */
async function whereOf(deps: ViewerDeps, filters: Filters): Promise<SQL | undefined> {
  const { actor, action, objectType, objectId, from, to } = filters;
  const start = from ? auditDateBound(from, 'start') : null;
  const end = to ? auditDateBound(to, 'end') : null;
  return and(
    // One array parameter, however many people the text matches (a list of parameters has a limit).
    actor ? sql`${auditEvents.actorUserId} = ANY(${sql.param(await actorIds(deps, actor))}::text[])` : undefined,
    action ? eq(auditEvents.action, action) : undefined,
    objectType ? eq(auditEvents.objectType, objectType) : undefined,
    objectId ? eq(auditEvents.objectId, objectId) : undefined,
    start ? gte(auditEvents.at, start) : undefined,
    end ? lt(auditEvents.at, end) : undefined,
  );
}

/**
 * GET /api/admin/audit: one page of the events that match, newest first, with the actor as they are now. At ten
 * million events (decision 061) both queries stay bounded: the page is read in the order of an index that ends with
 * (at, id), and the count stops after AUDIT_COUNT_LIMIT + 1 events, which is also as deep as pages go.
 */
export async function readAuditLog(deps: ViewerDeps, query: Filters & { page: number }): Promise<TAdminAuditResponse> {
  const { db } = deps;
  const where = await whereOf(deps, query);
  // The page's events are picked first, from the index alone where the filter allows it, and only those 50 are read
  // whole, and their actors asked for: the rows skipped to reach a deep page are neither.
  const pageIds = db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ADMIN_AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_AUDIT_PAGE_SIZE);
  const [events, counted] = await Promise.all([
    db.select().from(auditEvents).where(inArray(auditEvents.id, pageIds)).orderBy(desc(auditEvents.at), desc(auditEvents.id)),
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(where)
        .limit(AUDIT_COUNT_LIMIT + 1)}) AS matching`,
    ),
  ]);
  const actorIdsOfPage = [...new Set(events.flatMap((event) => (event.actorUserId ? [event.actorUserId] : [])))];
  const actors = new Map((await deps.people.named(db, actorIdsOfPage)).map((person) => [person.id, person]));
  const matching = counted.rows[0]?.n ?? 0;
  return {
    events: events.map((event) => {
      const actor = event.actorUserId ? actors.get(event.actorUserId) : undefined;
      return toAuditEvent(event, actor?.email ?? null, actor?.name ?? null);
    }),
    total: Math.min(matching, AUDIT_COUNT_LIMIT),
    totalCapped: matching > AUDIT_COUNT_LIMIT,
    page: query.page,
    pageSize: ADMIN_AUDIT_PAGE_SIZE,
  };
}

function toAuditEvent(event: typeof auditEvents.$inferSelect, email: string | null, name: string | null): TAuditEvent {
  return {
    id: event.id,
    at: event.at.toISOString(),
    actorUserId: event.actorUserId,
    actor: email === null ? null : { email, name: name ?? '' },
    accountId: event.accountId,
    ip: event.ip,
    action: event.action,
    objectType: event.objectType,
    objectId: event.objectId,
    outcome: event.outcome,
    details: event.details ?? null,
  };
}

/**
 * The distinct values of a column, read by hopping through its index from one value to the next (one short index
 * read per value): SELECT DISTINCT would read every event.
 */
async function distinctValues(db: Database, column: AnyPgColumn): Promise<string[]> {
  const { rows } = await db.execute<{ value: string | null }>(sql`
    WITH RECURSIVE found(value) AS (
      (SELECT ${column} FROM ${auditEvents} ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM ${auditEvents} WHERE ${column} > found.value ORDER BY ${column} LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL`);
  // Sorted here by code point: the database's collation would order "fax.send" and "faxes" by its own locale rules.
  return rows.map((row) => row.value!).sort();
}

/** GET /api/admin/audit/facets: what has been recorded so far, for the action and object filters. */
export async function readAuditFacets(db: Database): Promise<TAdminAuditFacets> {
  const [actions, objectTypes] = await Promise.all([distinctValues(db, auditEvents.action), distinctValues(db, auditEvents.objectType)]);
  return { actions, objectTypes };
}
