import {
  FAX_FAILURE_REASONS,
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_UNREAD_CAP,
  NOTIFICATIONS_UNREAD_DAYS,
  NOTIFIED_FAX_EVENT_TYPES,
  stationCheckOf,
  type TMarkNotificationsReadRequest,
  type TFaxNotification,
  type TNotificationsResponse,
} from '@faxline/shared';
import { and, desc, eq, gte, inArray, not, sql, type SQL } from 'drizzle-orm';
import { mayUseFaxes, type Membership } from '../accounts/membership';
import { faxEvents } from '../events/schema';
import { accountNoticesFor, countWaitingNotices } from './account-notices';
import { notificationReads } from './schema';
import { visibleTo } from '../faxes/fax-access';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';
import { clock } from '../platform/clock';

/** The person reading their notifications, in the account they act for now. */
export type BellReader = { userId: string; member: Membership };

const DAY_MS = 86_400_000;

/**
 * The events this person is told about: the account's notified events (the index on account and time leads), of the
 * faxes they may see, by the one rule of fax visibility (faxes/fax-access.ts): all of them for the owner and
 * sub-admins, what they sent and what arrived for a User.
 */
const notified = ({ userId, member }: BellReader): SQL =>
  and(eq(faxEvents.accountId, member.accountId), inArray(faxEvents.type, [...NOTIFIED_FAX_EVENT_TYPES]), visibleTo(member, userId))!;

/**
 * Read: marked so by this person, or, for a fax that arrived, opened by someone of the account (the history's Read).
 * Opening a received fax is the clearest sign it was seen; its notification is not news any longer.
 */
const isRead = sql<boolean>`(${notificationReads.eventId} IS NOT NULL OR (${faxEvents.type} = 'fax.received' AND ${faxes.readAt} IS NOT NULL))`;

/** This person's read mark of the event, if any (joined beside the event's fax). */
const readBy = (reader: BellReader): SQL => and(eq(notificationReads.eventId, faxEvents.id), eq(notificationReads.userId, reader.userId))!;

const windowStart = (now: Date) => new Date(now.getTime() - NOTIFICATIONS_UNREAD_DAYS * DAY_MS);

/** The events of the unread count: of the last days, not read. Older ones are no longer news: read, as shown. */
const unreadSince = (reader: BellReader, now: Date): SQL => and(notified(reader), gte(faxEvents.createdAt, windowStart(now)), not(isRead))!;

/** How many notifications of the last days are unread, up to the cap (the bell's badge): a bounded read. */
async function countUnread(db: Database, reader: BellReader, now: Date): Promise<number> {
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(faxEvents)
    .innerJoin(faxes, eq(faxes.id, faxEvents.faxId))
    .leftJoin(notificationReads, readBy(reader))
    .where(unreadSince(reader, now))
    .limit(NOTIFICATIONS_UNREAD_CAP)
    .as('unread');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(unread);
  return row?.count ?? 0;
}

const failureReasonOf = (reason: string | null): TFaxNotification['failureReason'] =>
  (FAX_FAILURE_REASONS as readonly string[]).includes(reason ?? '') ? (reason as TFaxNotification['failureReason']) : null;

/**
 * GET /api/notifications: the newest fax events this person may see and the account's notices for them (an agent's
 * fax waiting for approval, account-notices.ts), newest first, each read or not, and the unread count. A role that
 * sees no faxes (Billing) has none.
 */
export async function listFaxBells(db: Database, reader: BellReader, now = clock.now()): Promise<TNotificationsResponse> {
  if (!mayUseFaxes(reader.member)) return { notifications: [], unread: 0 };
  const [events, notices] = await Promise.all([listFaxEvents(db, reader, now), accountNoticesFor(db, reader, now)]);
  const notifications = [...events.notifications, ...notices.items]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, NOTIFICATIONS_LIMIT);
  return { notifications, unread: Math.min(NOTIFICATIONS_UNREAD_CAP, events.unread + notices.unread) };
}

/** The fax events of the bell: the newest this person may see, and how many are unread. */
async function listFaxEvents(db: Database, reader: BellReader, now: Date): Promise<TNotificationsResponse> {
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: faxEvents.id,
        type: faxEvents.type,
        faxId: faxEvents.faxId,
        createdAt: faxEvents.createdAt,
        read: sql<boolean>`(${isRead} OR ${faxEvents.createdAt} < ${windowStart(now)})`,
        direction: faxes.direction,
        fromNumber: faxes.fromNumber,
        toNumber: faxes.toNumber,
        senderName: faxes.senderName,
        recipientName: faxes.recipientName,
        pages: faxes.pages,
        pagesSent: faxes.pagesSent,
        failureReason: faxes.failureReason,
        expectedStationId: faxes.expectedStationId,
        announcedStationId: faxes.announcedStationId,
      })
      .from(faxEvents)
      .innerJoin(faxes, eq(faxes.id, faxEvents.faxId))
      .leftJoin(notificationReads, readBy(reader))
      .where(notified(reader))
      .orderBy(desc(faxEvents.createdAt), desc(faxEvents.id))
      .limit(NOTIFICATIONS_LIMIT),
    countUnread(db, reader, now),
  ]);
  return {
    notifications: rows.map((row) => {
      const received = row.direction === 'inbound';
      return {
        id: row.id,
        type: row.type as (typeof NOTIFIED_FAX_EVENT_TYPES)[number],
        faxId: row.faxId,
        createdAt: row.createdAt.toISOString(),
        read: Boolean(row.read),
        number: received ? row.fromNumber : row.toNumber,
        name: received ? row.senderName : row.recipientName,
        pages: row.pages,
        pagesSent: row.type === 'fax.partially_delivered' ? row.pagesSent : null,
        failureReason: row.type === 'fax.failed' ? failureReasonOf(row.failureReason) : null,
        stationMismatch:
          row.type !== 'fax.failed' && !received && stationCheckOf(row.expectedStationId, row.announcedStationId).result === 'mismatch',
      };
    }),
    unread,
  };
}

/**
 * POST /api/notifications/read: the notifications given (those of them this person may see), or every unread one
 * the badge counts, marked read for this person only. Marking twice changes nothing. Returns the unread count now.
 */
export async function markFaxBellsRead(
  db: Database,
  reader: BellReader,
  request: TMarkNotificationsReadRequest,
  now = clock.now(),
): Promise<{ unread: number }> {
  if (!mayUseFaxes(reader.member)) return { unread: 0 };
  const which = 'ids' in request ? and(notified(reader), inArray(faxEvents.id, request.ids)) : unreadSince(reader, now);
  await db
    .insert(notificationReads)
    .select(
      db
        .select({
          userId: sql<string>`${reader.userId}::text`.as('user_id'),
          eventId: faxEvents.id,
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(faxEvents)
        .innerJoin(faxes, eq(faxes.id, faxEvents.faxId))
        .leftJoin(notificationReads, readBy(reader))
        .where(which),
    )
    .onConflictDoNothing();
  // The account's notices are read when dealt with, not by a mark (account-notices.ts): they stay in the count.
  const [events, notices] = await Promise.all([countUnread(db, reader, now), countWaitingNotices(db, reader, now)]);
  return { unread: Math.min(NOTIFICATIONS_UNREAD_CAP, events + notices) };
}
