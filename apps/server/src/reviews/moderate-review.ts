import type { TAdminReview, TReviewStatus } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { isReviewId, toAdminReview } from './review-views';
import { reviews } from './schema';

/** Who moderates, for the audit trail: a platform admin of the back office. */
export type Moderator = { userId: string; ip: string };

async function findReview(db: Database, id: string): Promise<TAdminReview> {
  const [found] = isReviewId(id)
    ? await db
        .select({ row: reviews, name: users.name, email: users.email, accountName: accounts.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.authorUserId))
        .innerJoin(accounts, eq(accounts.id, reviews.accountId))
        .where(eq(reviews.id, id))
    : [];
  if (!found) throw new AppError('not_found', 'errors.reviewNotFound');
  const { row, ...writer } = found;
  return toAdminReview(row, writer);
}

function audit(db: Database, by: Moderator, action: `review.${string}`, review: TAdminReview, details: Record<string, unknown> = {}) {
  return recordAuditEvent(db, {
    actorUserId: by.userId,
    accountId: null,
    ip: by.ip,
    action,
    objectType: 'review',
    objectId: review.id,
    outcome: 'success',
    details: { writer: review.email, rating: review.rating, ...details },
  });
}

/** Approve (on /reviews from now on) or hide (off it); doing what is already done changes nothing. */
export async function moderateReview(db: Database, id: string, status: Exclude<TReviewStatus, 'pending'>, by: Moderator) {
  const review = await findReview(db, id);
  if (review.status === status) return review;
  await inTransaction(db, async (tx) => {
    await tx.update(reviews).set({ status, moderatedByUserId: by.userId, moderatedAt: clock.now() }).where(eq(reviews.id, id));
    await audit(tx, by, status === 'approved' ? 'review.approve' : 'review.hide', review, { from: review.status });
  });
  return findReview(db, id);
}

/** The back office's public answer under a review; an empty one removes it. */
export async function answerReview(db: Database, id: string, reply: string, by: Moderator) {
  const review = await findReview(db, id);
  await inTransaction(db, async (tx) => {
    await tx
      .update(reviews)
      .set({ reply: reply || null, repliedAt: reply ? clock.now() : null, moderatedByUserId: by.userId })
      .where(eq(reviews.id, id));
    await audit(tx, by, reply ? 'review.answer' : 'review.remove_answer', review, { length: reply.length });
  });
  return findReview(db, id);
}
