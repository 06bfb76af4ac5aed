import { announcementRespectsPreferences, type TAnnouncementEmailOutcome } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { noticeAudiencePage, type TNoticeAudienceMember } from '../accounts/notice-audience';
import { languageOf } from '../auth/auth';
import { sendEmailJob } from '../email/send-email-job';
import { signUnsubscribeToken, unsubscribeKeyOf, unsubscribeUrl } from '../fax-emails/unsubscribe-token';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { Queue } from '../platform/queue/define-job';
import { renderAnnouncementEmail } from './render-announcement-email';
import { announcementDeliveries, announcements } from './schema';

/** People listed per transaction: a large audience is committed in steps, each of which a run again skips. */
const PAGE = 200;

type FanOutDeps = { db: Database; queue: Queue; config: TConfig };

/**
 * Lists everyone an announcement reaches and queues their e-mails (decision 118): per page of people, in one
 * transaction, a record row per person and, for those to be e-mailed, the e-mail's job; a person already recorded (a
 * run again after a crash, or a second account of theirs) is skipped, so nobody gets two copies. Maintenance and
 * incident notices follow the person's service-notices preference; a change to the terms goes to everyone who can be
 * written to.
 */
export async function fanOutAnnouncement(deps: FanOutDeps, announcementId: string): Promise<void> {
  const { db, config } = deps;
  const [announcement] = await db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!announcement || announcement.listedAt) return;
  const key = await unsubscribeKeyOf(config);
  const optional = announcementRespectsPreferences(announcement.kind);
  const outcomeOf = (person: TNoticeAudienceMember): TAnnouncementEmailOutcome => {
    if (person.banned || (!person.emailVerified && config.emailConfirmation)) return 'unreachable';
    if (optional && person.serviceNotices === false) return 'declined';
    return 'emailed';
  };

  let after: { accountId: string; userId: string } | null = null;
  for (;;) {
    const people = await noticeAudiencePage(db, { planId: announcement.planId, after, limit: PAGE });
    if (people.length === 0) break;
    await inTransaction(db, async (tx, client) => {
      for (const person of people) {
        const language = languageOf(person.language);
        const unsubscribeLink = optional
          ? unsubscribeUrl(
              config.publicUrl,
              signUnsubscribeToken(key, { kind: 'person', userId: person.userId, setting: 'serviceNotices', language }),
            )
          : null;
        const { language: sentLanguage, ...email } = renderAnnouncementEmail({
          announcement,
          recipient: { address: person.email.toLowerCase(), name: person.name, language },
          publicUrl: config.publicUrl,
          // Names the Message-IDs' domain, which must not change between tries; the sender is read when it leaves.
          mailFrom: config.mailFrom,
          unsubscribeLink,
        });
        const outcome = outcomeOf(person);
        const recorded = await tx
          .insert(announcementDeliveries)
          .values({
            announcementId,
            userId: person.userId,
            accountId: person.accountId,
            address: email.to,
            language: sentLanguage,
            outcome,
          })
          .onConflictDoNothing()
          .returning({ userId: announcementDeliveries.userId });
        if (recorded.length === 0 || outcome !== 'emailed') continue;
        await deps.queue.send(sendEmailJob, email, { transaction: client, dedupeKey: `announcement:${announcementId}:${person.userId}` });
      }
    });
    const last = people[people.length - 1]!;
    after = { accountId: last.accountId, userId: last.userId };
    if (people.length < PAGE) break;
  }
  await db
    .update(announcements)
    .set({ listedAt: sql`now()` })
    .where(eq(announcements.id, announcementId));
}
