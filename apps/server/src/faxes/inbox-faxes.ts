import type { TInboxFaxPage, ZInboxFaxQuery } from '@faxline/shared';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { peopleNamed } from '../auth/people';
import { seesAllFaxes } from '../accounts/membership';
import { inboxIdsOf, inboxOfAccount } from '../inboxes/inboxes';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { visibleTo, type FaxActor } from './fax-access';
import { toPublicFax } from './fax-view';
import { placementView } from './placement';
import { faxes } from './schema';

type Query = z.output<typeof ZInboxFaxQuery>;

/**
 * One inbox's received faxes (or those in none) in one folder, newest first, as this member may see them: a User
 * asking for an inbox they do not belong to gets the same 404 as for an inbox of another account.
 */
export async function listInboxFaxes(db: Database, actor: FaxActor, query: Query): Promise<TInboxFaxPage> {
  const inbox = query.inbox === 'none' ? null : await inboxOfAccount(db, actor.member.accountId, query.inbox);
  if (query.inbox !== 'none' && (!inbox || !(await canSeeInbox(db, actor, inbox.id))))
    throw new AppError('not_found', 'errors.inboxNotFound');
  const where = and(
    visibleTo(actor.member, actor.user.id),
    eq(faxes.direction, 'inbound'),
    isNotNull(faxes.filedAt),
    inbox ? eq(faxes.inboxId, inbox.id) : isNull(faxes.inboxId),
    eq(faxes.folder, query.folder),
    query.state ? eq(faxes.state, query.state) : undefined,
    query.assigned === 'me' ? eq(faxes.assigneeId, actor.user.id) : query.assigned === 'none' ? isNull(faxes.assigneeId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(faxes)
      .where(where)
      .orderBy(desc(faxes.createdAt), desc(faxes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(faxes)
      .where(where),
  ]);
  const assigneeIds = [...new Set(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))];
  const assignees = new Map((await peopleNamed(db, assigneeIds)).map(({ id, name }) => [id, { id, name }]));
  return {
    faxes: rows.map((row) => ({
      ...toPublicFax(row),
      snippet: null,
      documentClass: row.documentClass,
      placement: placementView(row, inbox?.name ?? null, row.assigneeId ? (assignees.get(row.assigneeId) ?? null) : null),
    })),
    total: counted!.n,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Whether the member sees this inbox's faxes: by role, or by belonging to it. */
async function canSeeInbox(db: Database, actor: FaxActor, inboxId: string): Promise<boolean> {
  if (seesAllFaxes(actor.member)) return true;
  return (await inboxIdsOf(db, actor.user.id)).has(inboxId);
}

/**
 * The new faxes of each of the account's inboxes (null: in none), for the menu: filed, state new, in the inbox folder,
 * read from the partial index that holds exactly these (schema.ts).
 */
export async function newFaxesByInbox(db: Database, accountId: string): Promise<Map<string | null, number>> {
  const rows = await db
    .select({ inboxId: faxes.inboxId, n: sql<number>`count(*)::int` })
    .from(faxes)
    .where(
      and(
        eq(faxes.accountId, accountId),
        eq(faxes.state, 'new'),
        eq(faxes.folder, 'inbox'),
        isNotNull(faxes.filedAt),
        eq(faxes.direction, 'inbound'),
      ),
    )
    .groupBy(faxes.inboxId);
  return new Map(rows.map((row) => [row.inboxId, row.n]));
}
