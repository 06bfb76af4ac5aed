import { announcementTextIn, STATUS_INCIDENT_KINDS, type TLanguage, type TStatusIncident } from '@faxline/shared';
import { and, desc, gte, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { announcements } from './schema';

/**
 * The incident and maintenance notices shown on the public /status page (decision 122): those the back office sent
 * to every customer since `since`, newest first, in the reader's language when the admin wrote it. A notice meant for
 * one plan's customers stays with them. Ongoing until its end time, ended after.
 */
export async function statusNotices(db: Database, since: Date, now: Date, language: TLanguage): Promise<TStatusIncident[]> {
  const rows = await db
    .select({
      id: announcements.id,
      kind: announcements.kind,
      texts: announcements.texts,
      createdAt: announcements.createdAt,
      endsAt: announcements.endsAt,
    })
    .from(announcements)
    .where(and(inArray(announcements.kind, [...STATUS_INCIDENT_KINDS]), isNull(announcements.planId), gte(announcements.createdAt, since)))
    .orderBy(desc(announcements.createdAt))
    .limit(50);
  return rows.map((row) => {
    const words = announcementTextIn(row.texts, language);
    return {
      id: row.id,
      kind: row.kind as TStatusIncident['kind'],
      title: words.title,
      body: words.body,
      language: words.language,
      startedAt: row.createdAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      state: row.endsAt > now ? 'ongoing' : 'ended',
    };
  });
}
