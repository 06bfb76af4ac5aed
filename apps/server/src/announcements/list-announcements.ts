import {
  ANNOUNCEMENT_EMAIL_OUTCOMES,
  ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE,
  type TAdminAnnouncement,
  type TAnnouncementEmailOutcome,
  type TAnnouncementRecipients,
} from '@faxline/shared';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { accountNamesOf } from '../accounts/notice-audience';
import { languageOf } from '../auth/auth';
import { peopleNamed } from '../auth/people';
import type { Database } from '../platform/db/client';
import { planNamesOf } from '../plans/plan-names';
import { announcementDeliveries, announcements } from './schema';

/** The latest announcements shown in the back office. */
const LIST_LIMIT = 50;

type Row = typeof announcements.$inferSelect;
type Counted = { counts: Record<TAnnouncementEmailOutcome, number>; dismissals: number; total: number };

/** What each announcement's record counts: people per e-mail outcome, and the banners dismissed. */
async function countsOf(db: Database, ids: string[]): Promise<Map<string, Counted>> {
  const result = new Map<string, Counted>();
  for (const id of ids)
    result.set(id, {
      counts: Object.fromEntries(ANNOUNCEMENT_EMAIL_OUTCOMES.map((outcome) => [outcome, 0])) as Counted['counts'],
      dismissals: 0,
      total: 0,
    });
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: announcementDeliveries.announcementId,
      outcome: announcementDeliveries.outcome,
      people: count(),
      dismissed: sql<number>`count(${announcementDeliveries.dismissedAt})::int`,
    })
    .from(announcementDeliveries)
    .where(inArray(announcementDeliveries.announcementId, ids))
    .groupBy(announcementDeliveries.announcementId, announcementDeliveries.outcome);
  for (const row of rows) {
    const entry = result.get(row.id)!;
    entry.counts[row.outcome] = row.people;
    entry.dismissals += row.dismissed;
    entry.total += row.people;
  }
  return result;
}

/** The announcements as the back office lists them: the plans' and senders' names read from their owners. */
async function toAdmin(db: Database, rows: Row[]): Promise<TAdminAnnouncement[]> {
  const counted = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  const planNames = await planNamesOf(db, [...new Set(rows.flatMap((row) => (row.planId ? [row.planId] : [])))]);
  const senders = new Map(
    (await peopleNamed(db, [...new Set(rows.flatMap((row) => (row.sentBy ? [row.sentBy] : [])))])).map((person) => [
      person.id,
      person.email,
    ]),
  );
  return rows.map((row) => {
    const { counts, dismissals, total } = counted.get(row.id)!;
    return {
      id: row.id,
      kind: row.kind,
      planId: row.planId,
      planName: row.planId ? (planNames.get(row.planId) ?? null) : null,
      texts: row.texts,
      endsAt: row.endsAt.toISOString(),
      sentAt: row.createdAt.toISOString(),
      sentBy: row.sentBy ? (senders.get(row.sentBy) ?? null) : null,
      recipients: row.listedAt ? total : null,
      counts,
      dismissals,
    };
  });
}

/** The back office's list: the latest announcements first, each with its record's counts. */
export async function listAdminAnnouncements(db: Database): Promise<TAdminAnnouncement[]> {
  return toAdmin(db, await db.select().from(announcements).orderBy(desc(announcements.createdAt)).limit(LIST_LIMIT));
}

/** One announcement as the back office lists it; null when there is none. */
export async function adminAnnouncement(db: Database, id: string): Promise<TAdminAnnouncement | null> {
  const rows = await db.select().from(announcements).where(eq(announcements.id, id));
  return rows.length === 0 ? null : (await toAdmin(db, rows))[0]!;
}

/** The record of who was sent what, a page at a time in the order of the addresses; null when there is no such announcement. */
export async function announcementRecipients(db: Database, id: string, page: number): Promise<TAnnouncementRecipients | null> {
  const [exists] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id));
  if (!exists) return null;
  const where = eq(announcementDeliveries.announcementId, id);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(announcementDeliveries).where(where);
  const rows = await db
    .select()
    .from(announcementDeliveries)
    .where(where)
    .orderBy(asc(announcementDeliveries.address))
    .limit(ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE)
    .offset((page - 1) * ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE);
  const people = new Map(
    (
      await peopleNamed(
        db,
        rows.map((row) => row.userId),
      )
    ).map((person) => [person.id, person]),
  );
  const accountNames = await accountNamesOf(db, [...new Set(rows.flatMap((row) => (row.accountId ? [row.accountId] : [])))]);
  return {
    total,
    recipients: rows.map((row) => {
      const person = people.get(row.userId);
      return {
        email: row.address,
        name: person?.name ?? '',
        accountName: row.accountId ? (accountNames.get(row.accountId) ?? null) : null,
        language: languageOf(person?.language),
        sentLanguage: languageOf(row.language),
        outcome: row.outcome,
        emailedAt: row.outcome === 'emailed' ? row.createdAt.toISOString() : null,
        dismissedAt: row.dismissedAt?.toISOString() ?? null,
      };
    }),
  };
}
