import {
  ADMIN_AUDIT_PAGE_SIZE,
  auditDateBound,
  type TAdminAuditFacets,
  type TAdminAuditQuery,
  type TAdminAuditResponse,
  type TAuditEvent,
} from '@faxline/shared';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { auditEvents } from './schema';

type Filters = Omit<TAdminAuditQuery, 'page'>;

/** `%` and `_` typed into the person filter are meant literally, not as LIKE wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every filter narrows: all of them must hold. Dates were checked by the contract, so their bounds exist. */
function whereOf(filters: Filters): SQL | undefined {
  const { actor, action, objectType, objectId, from, to } = filters;
  const start = from ? auditDateBound(from, 'start') : null;
  const end = to ? auditDateBound(to, 'end') : null;
  return and(
    actor ? or(eq(auditEvents.actorUserId, actor), ilike(users.email, containing(actor)), ilike(users.name, containing(actor))) : undefined,
    action ? eq(auditEvents.action, action) : undefined,
    objectType ? eq(auditEvents.objectType, objectType) : undefined,
    objectId ? eq(auditEvents.objectId, objectId) : undefined,
    start ? gte(auditEvents.at, start) : undefined,
    end ? lt(auditEvents.at, end) : undefined,
  );
}

/** GET /api/admin/audit: one page of the events that match, newest first, with the actor as they are now. */
export async function readAuditLog(db: Database, query: Filters & { page: number }): Promise<TAdminAuditResponse> {
  const where = whereOf(query);
  const [rows, [matching]] = await Promise.all([
    db
      .select({ event: auditEvents, actorEmail: users.email, actorName: users.name })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(ADMIN_AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorUserId)).where(where),
  ]);
  return {
    events: rows.map(({ event, actorEmail, actorName }) => toAuditEvent(event, actorEmail, actorName)),
    total: matching?.total ?? 0,
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

/** GET /api/admin/audit/facets: what has been recorded so far, for the action and object filters. */
export async function readAuditFacets(db: Database): Promise<TAdminAuditFacets> {
  const [actions, objectTypes] = await Promise.all([
    db.selectDistinct({ value: auditEvents.action }).from(auditEvents),
    db.selectDistinct({ value: auditEvents.objectType }).from(auditEvents),
  ]);
  // Sorted here by code point: the database's collation would order "fax.send" and "faxes" by its own locale rules.
  const sorted = (rows: Array<{ value: string }>) => rows.map((row) => row.value).sort();
  return { actions: sorted(actions), objectTypes: sorted(objectTypes) };
}
