import {
  ACCOUNT_AUDIT_EXPORT_LIMIT,
  ADMIN_AUDIT_PAGE_SIZE,
  AUDIT_COUNT_LIMIT,
  auditDateBound,
  type TAccountAuditQuery,
  type TAccountAuditResponse,
  type TAuditEvent,
} from '@faxline/shared';
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, gte, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { guardFormula } from '../platform/csv-cells';
import { auditEvents } from './schema';

/** An account's people as its trail names them: only members are named; anyone else (the platform's staff) is not. */
export type AccountPeople = Array<{ userId: string; email: string; name: string }>;
type Filters = Omit<TAccountAuditQuery, 'page'>;

/**
 * The account's own trail (decision 109): its rows (fax views and downloads, settings, members, keys...), and the
 * sign-in and session rows of its members, which are the person's and carry no account.
 */
function accountRows(accountId: string, people: AccountPeople): SQL {
  const ids = sql.param(people.map((p) => p.userId));
  return or(
    eq(auditEvents.accountId, accountId),
    and(
      isNull(auditEvents.accountId),
      or(like(auditEvents.action, 'auth.%'), like(auditEvents.action, 'session.%')),
      or(
        sql`${auditEvents.actorUserId} = ANY(${ids}::text[])`,
        and(eq(auditEvents.objectType, 'user'), sql`${auditEvents.objectId} = ANY(${ids}::text[])`),
      ),
    ),
  )!;
}

function whereOf(accountId: string, people: AccountPeople, filters: Filters): SQL {
  const { actor, action, from, to } = filters;
  const start = from ? auditDateBound(from, 'start') : null;
  const end = to ? auditDateBound(to, 'end') : null;
  const needle = actor?.toLowerCase();
  const actors = needle
    ? [
        actor!,
        ...people.filter((p) => p.email.toLowerCase().includes(needle) || p.name.toLowerCase().includes(needle)).map((p) => p.userId),
      ]
    : [];
  return and(
    accountRows(accountId, people),
    actor ? sql`${auditEvents.actorUserId} = ANY(${sql.param(actors)}::text[])` : undefined,
    action ? eq(auditEvents.action, action) : undefined,
    start ? gte(auditEvents.at, start) : undefined,
    end ? lt(auditEvents.at, end) : undefined,
  )!;
}

function toEvent(event: typeof auditEvents.$inferSelect, named: Map<string, { email: string; name: string }>): TAuditEvent {
  const actor = event.actorUserId ? named.get(event.actorUserId) : undefined;
  return {
    id: event.id,
    at: event.at.toISOString(),
    actorUserId: actor ? event.actorUserId : null,
    actor: actor ? { email: actor.email, name: actor.name } : null,
    accountId: event.accountId,
    ip: event.ip,
    action: event.action,
    objectType: event.objectType,
    objectId: event.objectId,
    outcome: event.outcome,
    details: event.details ?? null,
  };
}

const namesOf = (people: AccountPeople) => new Map(people.map((p) => [p.userId, { email: p.email, name: p.name }]));

/** GET /api/account/audit: a page of the account's trail, newest first, counted as far as the back office's viewer. */
export async function readAccountAudit(
  db: Database,
  accountId: string,
  people: AccountPeople,
  query: Filters & { page: number },
): Promise<TAccountAuditResponse> {
  const where = whereOf(accountId, people, query);
  const [events, counted] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(ADMIN_AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_AUDIT_PAGE_SIZE),
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(where)
        .limit(AUDIT_COUNT_LIMIT + 1)}) AS matching`,
    ),
  ]);
  const named = namesOf(people);
  const matching = counted.rows[0]?.n ?? 0;
  return {
    events: events.map((event) => toEvent(event, named)),
    total: Math.min(matching, AUDIT_COUNT_LIMIT),
    totalCapped: matching > AUDIT_COUNT_LIMIT,
    page: query.page,
    pageSize: ADMIN_AUDIT_PAGE_SIZE,
  };
}

/** GET /api/account/audit/facets: the actions the account's trail holds, for the filter. */
export async function readAccountAuditActions(db: Database, accountId: string, people: AccountPeople): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents).where(accountRows(accountId, people));
  return rows.map((row) => row.action).sort();
}

/** The CSV file's column titles, in the reader's language. */
export type AccountAuditCsvWords = [
  time: string,
  email: string,
  name: string,
  action: string,
  object: string,
  objectId: string,
  outcome: string,
  address: string,
  details: string,
];

/**
 * GET /api/account/audit.csv: the newest ACCOUNT_AUDIT_EXPORT_LIMIT rows that match, every cell guarded so that a
 * spreadsheet shows it as text (a name or a detail could start a formula).
 */
export async function accountAuditCsv(
  db: Database,
  accountId: string,
  people: AccountPeople,
  filters: Filters,
  words: AccountAuditCsvWords,
): Promise<string> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(whereOf(accountId, people, filters))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ACCOUNT_AUDIT_EXPORT_LIMIT);
  const named = namesOf(people);
  const lines = rows.map((row) => {
    const event = toEvent(row, named);
    return [
      event.at,
      event.actor?.email ?? '',
      event.actor?.name ?? '',
      event.action,
      event.objectType,
      event.objectId ?? '',
      event.outcome,
      event.ip ?? '',
      event.details ? JSON.stringify(event.details) : '',
    ].map(guardFormula);
  });
  return stringify([words, ...lines]);
}
