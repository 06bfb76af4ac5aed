import { announcementTextIn, type TActiveAnnouncement, type TLanguage } from '@faxline/shared';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { announcementDeliveries, announcements } from './schema';

/**
 * The banners a person sees in the portal (decision 118): the announcements listed for them that have not ended and
 * that they have not dismissed, oldest first, each in their language when the admin wrote it, else in English.
 */
export async function bannerAnnouncementsOf(db: Database, userId: string, language: TLanguage): Promise<TActiveAnnouncement[]> {
  const rows = await db
    .select({
      id: announcements.id,
      kind: announcements.kind,
      texts: announcements.texts,
      createdAt: announcements.createdAt,
      endsAt: announcements.endsAt,
    })
    .from(announcementDeliveries)
    .innerJoin(announcements, eq(announcements.id, announcementDeliveries.announcementId))
    .where(
      and(eq(announcementDeliveries.userId, userId), isNull(announcementDeliveries.dismissedAt), gt(announcements.endsAt, clock.now())),
    )
    .orderBy(asc(announcements.createdAt))
    .limit(10);
  return rows.map((row) => {
    const words = announcementTextIn(row.texts, language);
    return {
      id: row.id,
      kind: row.kind,
      title: words.title,
      body: words.body,
      language: words.language,
      sentAt: row.createdAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  });
}

/** Takes a banner down for this person (kept in the record); dismissing it again changes nothing. */
export async function dismissAnnouncement(db: Database, userId: string, announcementId: string): Promise<void> {
  const [row] = await db
    .select({ dismissedAt: announcementDeliveries.dismissedAt })
    .from(announcementDeliveries)
    .where(and(eq(announcementDeliveries.announcementId, announcementId), eq(announcementDeliveries.userId, userId)));
  // Someone the announcement did not reach is told it does not exist, as for any other person's record.
  if (!row) throw new AppError('not_found', 'errors.announcementNotFound');
  if (row.dismissedAt) return;
  await db
    .update(announcementDeliveries)
    .set({ dismissedAt: clock.now() })
    .where(and(eq(announcementDeliveries.announcementId, announcementId), eq(announcementDeliveries.userId, userId)));
}
