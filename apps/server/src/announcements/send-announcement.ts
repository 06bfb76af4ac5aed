import {
  ANNOUNCEMENT_MAX_DAYS,
  ZCreateAnnouncementRequest,
  type TAdminAnnouncement,
  type TCreateAnnouncementRequest,
} from '@faxline/shared';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/define-job';
import { planNameOf } from '../plans/plan-names';
import { fanOutAnnouncementJob } from './fan-out-announcement-job';
import { adminAnnouncement } from './list-announcements';
import { announcements } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends an announcement from the back office (decision 118): checks its audience and end, then records it, its audit
 * row and its fan-out job in one transaction, so that it is sent if and only if it is recorded.
 */
export async function sendAnnouncement(
  deps: { db: Database; queue: Queue },
  request: TCreateAnnouncementRequest,
  actor: { userId: string; ip: string },
): Promise<TAdminAnnouncement> {
  const input = ZCreateAnnouncementRequest.parse(request);
  const endsAt = new Date(input.endsAt);
  const now = clock.now().getTime();
  if (!(endsAt.getTime() > now && endsAt.getTime() <= now + ANNOUNCEMENT_MAX_DAYS * DAY_MS))
    throw new AppError('invalid_request', 'errors.announcementEndsAtRange', { days: ANNOUNCEMENT_MAX_DAYS }, 'body.endsAt');
  const planName = input.planId ? await planNameOf(deps.db, input.planId) : null;
  if (input.planId && planName === null) throw new AppError('invalid_request', 'errors.announcementPlanNotFound', {}, 'body.planId');

  const id = await inTransaction(deps.db, async (tx, client) => {
    const [row] = await tx
      .insert(announcements)
      .values({ kind: input.kind, planId: input.planId, texts: input.texts, endsAt, sentBy: actor.userId, createdAt: new Date(now) })
      .returning({ id: announcements.id });
    await recordAuditEvent(tx, {
      actorUserId: actor.userId,
      accountId: null,
      ip: actor.ip,
      action: 'announcements.send',
      objectType: 'announcement',
      objectId: row!.id,
      outcome: 'success',
      details: { kind: input.kind, planId: input.planId, planName, endsAt: endsAt.toISOString(), title: input.texts.en.title },
    });
    await deps.queue.send(fanOutAnnouncementJob, { announcementId: row!.id }, { transaction: client, dedupeKey: row!.id });
    return row!.id;
  });
  return (await adminAnnouncement(deps.db, id))!;
}
