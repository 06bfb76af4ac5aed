import type { TMyReview, ZWriteReviewRequest } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedBy, type Actor } from '../accounts/actor';
import { users } from '../auth/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { isUniqueViolation } from '../platform/db/errors';
import { AppError } from '../platform/http/app-error';
import { replyOf, type TReviewRow } from './review-views';
import { reviews } from './schema';

type TWriteReview = z.output<typeof ZWriteReviewRequest>;

async function accountReview(db: Database, accountId: string): Promise<{ row: TReviewRow; authorName: string } | null> {
  const [found] = await db
    .select({ row: reviews, authorName: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorUserId))
    .where(eq(reviews.accountId, accountId));
  return found ?? null;
}

/** GET /api/reviews/mine: the account's one review, and whether the caller may write it (decision 115). */
export async function getMyReview(db: Database, actor: Actor): Promise<TMyReview> {
  const found = await accountReview(db, actor.member.accountId);
  if (!found) return { review: null, canWrite: true };
  const { row, authorName } = found;
  const writtenByMe = row.authorUserId === actor.user.id;
  return {
    review: {
      id: row.id,
      company: row.company,
      rating: row.rating,
      text: row.text,
      status: row.status,
      reply: replyOf(row),
      authorName,
      writtenByMe,
      updatedAt: row.updatedAt.toISOString(),
    },
    canWrite: writtenByMe,
  };
}

/**
 * Writes the account's review, or rewrites it, as its writer: one per account, and only its writer changes it, so that
 * words are never shown under the name of someone who did not write them. Written or changed, it waits for the back
 * office's approval again before the site shows it.
 */
export async function writeReview(db: Database, actor: Actor, input: TWriteReview): Promise<TMyReview> {
  const existing = await accountReview(db, actor.member.accountId);
  if (existing && existing.row.authorUserId !== actor.user.id)
    throw new AppError('conflict', 'errors.reviewByAnotherMember', { name: existing.authorName });
  const now = clock.now();
  try {
    await inTransaction(db, async (tx) => {
      const [row] = existing
        ? await tx
            .update(reviews)
            .set({ ...input, status: 'pending', updatedAt: now })
            .where(eq(reviews.id, existing.row.id))
            .returning()
        : await tx
            .insert(reviews)
            .values({ ...input, accountId: actor.member.accountId, authorUserId: actor.user.id, createdAt: now, updatedAt: now })
            .returning();
      await recordAuditEvent(tx, {
        ...auditedBy(actor, { rating: input.rating, length: input.text.length }),
        action: existing ? 'review.update' : 'review.create',
        objectType: 'review',
        objectId: row!.id,
        outcome: 'success',
      });
    });
  } catch (error) {
    // Two members of the account writing at once: the second finds the first's review.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'errors.reviewByAnotherMember', {
        name: (await accountReview(db, actor.member.accountId))?.authorName ?? '',
      });
    throw error;
  }
  return getMyReview(db, actor);
}
