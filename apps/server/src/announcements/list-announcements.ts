import {
  ANNOUNCEMENT_EMAIL_OUTCOMES,
  ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE,
  type TAdminAnnouncement,
  type TAnnouncementEmailOutcome,
  type TAnnouncementRecipients,
} from '@faxline/shared';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { languageOf } from '../auth/auth';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { announcementDeliveries, announcements } from './schema';

/** The latest announcements shown in the back office. */
const LIST_LIMIT = 50;

const baseQuery = (db: Database) =>
  db
    .select({
      id: announcements.id,
      kind: announcements.kind,
      planId: announcements.planId,
      planName: plans.name,
      texts: announcements.texts,
      endsAt: announcements.endsAt,
      createdAt: announcements.createdAt,
      listedAt: announcements.listedAt,
      sentBy: users.email,
    })
    .from(announcements)
    .leftJoin(plans, eq(plans.id, announcements.planId))
    .leftJoin(users, eq(users.id, announcements.sentBy));

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** What each announcement's record counts: people per e-mail outcome, and the banners dismissed. */
async function countsOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { counts: Record<TAnnouncementEmailOutcome, number>; dismissals: number; total: number }>();
  const rows = await db
    .select({
      id: announcementDeliveries.announcementId,
      outcome: announcementDeliveries.outcome,
      people: count(),
      dismissed: sql<number>`count(${announcementDeliveries.dismissedAt})::int`,
    })
    .from(announcementDeliveries)
    .where(
      sql`${announcementDeliveries.announcementId} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .groupBy(announcementDeliveries.announcementId, announcementDeliveries.outcome);
  const result = new Map<string, { counts: Record<TAnnouncementEmailOutcome, number>; dismissals: number; total: number }>();
  for (const id of ids)
    result.set(id, {
      counts: Object.fromEntries(ANNOUNCEMENT_EMAIL_OUTCOMES.map((o) => [o, 0])) as Record<TAnnouncementEmailOutcome, number>,
      dismissals: 0,
      total: 0,
    });
  for (const row of rows) {
    const entry = result.get(row.id)!;
    entry.counts[row.outcome] = row.people;
    entry.dismissals += row.dismissed;
    entry.total += row.people;
  }
  return result;
}

function toAdmin(
  row: Row,
  counted: { counts: Record<TAnnouncementEmailOutcome, number>; dismissals: number; total: number },
): TAdminAnnouncement {
  return {
    id: row.id,
    kind: row.kind,
    planId: row.planId,
    planName: row.planName ?? null,
    texts: row.texts,
    endsAt: row.endsAt.toISOString(),
    sentAt: row.createdAt.toISOString(),
    sentBy: row.sentBy ?? null,
    recipients: row.listedAt ? counted.total : null,
    counts: counted.counts,
    dismissals: counted.dismissals,
  };
}

/** The back office's list: the latest announcements first, each with its record's counts. */
export async function listAdminAnnouncements(db: Database): Promise<TAdminAnnouncement[]> {
  const rows = await baseQuery(db).orderBy(desc(announcements.createdAt)).limit(LIST_LIMIT);
  const counted = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdmin(row, counted.get(row.id)!));
}

/** One announcement as the back office lists it; null when there is none. */
export async function adminAnnouncement(db: Database, id: string): Promise<TAdminAnnouncement | null> {
  const [row] = await baseQuery(db).where(eq(announcements.id, id));
  if (!row) return null;
  return toAdmin(row, (await countsOf(db, [id])).get(id)!);
}

/** The record of who was sent what, a page at a time in the order of the addresses; null when there is no such announcement. */
export async function announcementRecipients(db: Database, id: string, page: number): Promise<TAnnouncementRecipients | null> {
  const [exists] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id));
  if (!exists) return null;
  const where = eq(announcementDeliveries.announcementId, id);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(announcementDeliveries).where(where);
  const rows = await db
    .select({
      address: announcementDeliveries.address,
      name: users.name,
      personLanguage: users.language,
      accountName: accounts.name,
      sentLanguage: announcementDeliveries.language,
      outcome: announcementDeliveries.outcome,
      createdAt: announcementDeliveries.createdAt,
      dismissedAt: announcementDeliveries.dismissedAt,
    })
    .from(announcementDeliveries)
    .innerJoin(users, eq(users.id, announcementDeliveries.userId))
    .leftJoin(accounts, eq(accounts.id, announcementDeliveries.accountId))
    .where(where)
    .orderBy(asc(announcementDeliveries.address))
    .limit(ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE)
    .offset((page - 1) * ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE);
  return {
    total,
    recipients: rows.map((row) => ({
      email: row.address,
      name: row.name,
      accountName: row.accountName ?? null,
      language: languageOf(row.personLanguage),
      sentLanguage: languageOf(row.sentLanguage),
      outcome: row.outcome,
      emailedAt: row.outcome === 'emailed' ? row.createdAt.toISOString() : null,
      dismissedAt: row.dismissedAt?.toISOString() ?? null,
    })),
  };
}
