import {
  FAX_FAILURE_REASONS,
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_UNREAD_CAP,
  NOTIFICATIONS_UNREAD_DAYS,
  type TAdminNotification,
  type TAdminNotificationsResponse,
  type TMarkNotificationsReadRequest,
} from '@faxline/shared';
import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { accountMembers, accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { platformEvents } from '../events/schema';
import { platformEventReads } from './schema';
import type { Database } from '../platform/db/client';
import { clock } from '../platform/clock';

const DAY_MS = 86_400_000;

/** This operator's read mark of the event, if any. */
const readBy = (adminId: string): SQL => and(eq(platformEventReads.eventId, platformEvents.id), eq(platformEventReads.userId, adminId))!;

const windowStart = (now: Date) => new Date(now.getTime() - NOTIFICATIONS_UNREAD_DAYS * DAY_MS);

/** The events of the unread count: of the last days, not read. Older ones are no longer news: read, as shown. */
const unreadSince = (now: Date): SQL => and(gte(platformEvents.createdAt, windowStart(now)), isNull(platformEventReads.eventId))!;

/** The owner's address now, by which the back office's Users page finds the account's people. */
const ownerEmail = sql<string | null>`(SELECT ${users.email} FROM ${accountMembers} JOIN ${users} ON ${users.id} = ${accountMembers.userId}
  WHERE ${accountMembers.organizationId} = ${platformEvents.accountId} AND ${accountMembers.role} = 'owner' LIMIT 1)`;

/** How many platform events of the last days this operator has not read, up to the cap. */
async function countUnread(db: Database, adminId: string, now: Date): Promise<number> {
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(platformEvents)
    .leftJoin(platformEventReads, readBy(adminId))
    .where(unreadSince(now))
    .limit(NOTIFICATIONS_UNREAD_CAP)
    .as('unread');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(unread);
  return row?.count ?? 0;
}

type Row = {
  id: string;
  type: TAdminNotification['type'];
  subjectId: string;
  details: Record<string, unknown>;
  createdAt: Date;
  read: boolean;
  accountName: string | null;
  ownerEmail: string | null;
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const reasonOf = (value: unknown) =>
  (FAX_FAILURE_REASONS as readonly unknown[]).includes(value) ? (value as (typeof FAX_FAILURE_REASONS)[number]) : null;

/**
 * An event as the bell shows it. The account is read as it is now (its name may have changed; null once deleted); the
 * details recorded with the event (the ticket's subject, the failure's reason) stand for what happened then.
 */
function toNotification(row: Row): TAdminNotification {
  const base = { id: row.id, createdAt: row.createdAt.toISOString(), read: row.read };
  const account = row.accountName === null ? null : { name: row.accountName, ownerEmail: row.ownerEmail };
  switch (row.type) {
    case 'account.created':
      return { ...base, type: row.type, account };
    case 'ticket.created':
      return {
        ...base,
        type: row.type,
        ticketId: row.subjectId,
        subject: textOf(row.details.subject) ?? '',
        from: textOf(row.details.from) ?? '',
      };
    case 'fax.failed':
      return { ...base, type: row.type, account, toNumber: textOf(row.details.toNumber), failureReason: reasonOf(row.details.reason) };
    case 'webhook.disabled':
      return { ...base, type: row.type, account, url: textOf(row.details.url) };
  }
}

/** GET /api/admin/notifications: the newest platform events, each read or not by this operator, and their unread count. */
export async function listPlatformBells(db: Database, adminId: string, now = clock.now()): Promise<TAdminNotificationsResponse> {
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: platformEvents.id,
        type: platformEvents.type,
        subjectId: platformEvents.subjectId,
        details: platformEvents.details,
        createdAt: platformEvents.createdAt,
        read: sql<boolean>`(${platformEventReads.eventId} IS NOT NULL OR ${platformEvents.createdAt} < ${windowStart(now)})`,
        accountName: accounts.name,
        ownerEmail,
      })
      .from(platformEvents)
      .leftJoin(platformEventReads, readBy(adminId))
      .leftJoin(accounts, eq(accounts.id, platformEvents.accountId))
      .orderBy(desc(platformEvents.createdAt), desc(platformEvents.id))
      .limit(NOTIFICATIONS_LIMIT),
    countUnread(db, adminId, now),
  ]);
  return { notifications: rows.map(toNotification), unread };
}

/** POST /api/admin/notifications/read: the events given, or every one the count counts, read by this operator. */
export async function markPlatformBellsRead(
  db: Database,
  adminId: string,
  request: TMarkNotificationsReadRequest,
  now = clock.now(),
): Promise<{ unread: number }> {
  const which = 'ids' in request ? inArray(platformEvents.id, request.ids) : unreadSince(now);
  await db
    .insert(platformEventReads)
    .select(
      db
        .select({ userId: sql<string>`${adminId}::text`.as('user_id'), eventId: platformEvents.id, readAt: sql<Date>`now()`.as('read_at') })
        .from(platformEvents)
        .leftJoin(platformEventReads, readBy(adminId))
        .where(which),
    )
    .onConflictDoNothing();
  return { unread: await countUnread(db, adminId, now) };
}
