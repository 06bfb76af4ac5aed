import { REVIEW_QUEUE_SIZE, type TReviewQueue } from '@faxline/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import { faxTextSettingsOf } from '../accounts/fax-settings';
import { visibleTo, type FaxActor } from '../faxes/fax-access';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';

/**
 * The review queue (issue 37, item 4; decision 102): the received faxes this member may see whose class Faxline found
 * less sure than the account's threshold and no member has confirmed, newest first. A member's class (PUT
 * /api/faxes/:id/class) takes a fax out of it.
 */
export async function reviewQueueOf(db: Database, actor: FaxActor): Promise<TReviewQueue> {
  const { reviewBelow } = await faxTextSettingsOf(db, actor.member.accountId);
  const rows = await db
    .select()
    .from(faxes)
    .where(
      and(
        visibleTo(actor.member, actor.user.id),
        eq(faxes.direction, 'inbound'),
        eq(faxes.classifiedBy, 'faxline'),
        lt(faxes.classConfidence, reviewBelow),
      ),
    )
    .orderBy(desc(faxes.createdAt), desc(faxes.id))
    .limit(REVIEW_QUEUE_SIZE + 1);
  return {
    faxes: rows.slice(0, REVIEW_QUEUE_SIZE).map((fax) => ({
      id: fax.id,
      fromNumber: fax.fromNumber,
      senderName: fax.senderName,
      pages: fax.pages,
      createdAt: fax.createdAt.toISOString(),
      documentClass: fax.documentClass!,
      classConfidence: fax.classConfidence!,
      classifiedBy: 'faxline',
      fields: fax.foundFields ?? [],
      hasThumbnail: fax.thumbnailKey !== null,
    })),
    more: rows.length > REVIEW_QUEUE_SIZE,
  };
}
