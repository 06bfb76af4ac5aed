import { REVIEWS_PAGE_SIZE, type TAdminReviewsPage, type TReviewsPage, type ZAdminReviewsQuery } from '@faxline/shared';
import { avg, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { toAdminReview, toPublicReview } from './review-views';
import { reviews } from './schema';

/** GET /api/reviews: the approved reviews, newest first, a page at a time, with the average and count of them all. */
export async function listApprovedReviews(db: Database, page: number): Promise<TReviewsPage> {
  const approved = eq(reviews.status, 'approved');
  const [rows, [stats]] = await Promise.all([
    db
      .select({ row: reviews, name: users.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorUserId))
      .where(approved)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE),
    db
      .select({ total: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(approved),
  ]);
  const average = stats?.average === null || stats?.average === undefined ? null : Math.round(Number(stats.average) * 10) / 10;
  return {
    reviews: rows.map(({ row, name }) => toPublicReview(row, name)),
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    total: stats?.total ?? 0,
    average,
  };
}

/** GET /api/admin/reviews: the reviews of one status (those waiting first by default), oldest waiting first. */
export async function listReviewsToModerate(db: Database, query: z.output<typeof ZAdminReviewsQuery>): Promise<TAdminReviewsPage> {
  const where = query.status === 'all' ? undefined : eq(reviews.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: reviews, name: users.name, email: users.email, accountName: accounts.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorUserId))
      .innerJoin(accounts, eq(accounts.id, reviews.accountId))
      .where(where)
      .orderBy(desc(reviews.updatedAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return {
    reviews: rows.map(({ row, ...writer }) => toAdminReview(row, writer)),
    page: query.page,
    pageSize: REVIEWS_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
