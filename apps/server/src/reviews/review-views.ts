import type { TAdminReview, TPublicReview } from '@faxline/shared';
import type { reviews } from './schema';

export type TReviewRow = typeof reviews.$inferSelect;

const replyOf = (row: TReviewRow) => (row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null);

/** A review as the site shows it, under its writer's name as their profile has it now. */
export function toPublicReview(row: TReviewRow, name: string): TPublicReview {
  return {
    id: row.id,
    name,
    company: row.company,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    reply: replyOf(row),
  };
}

export function toAdminReview(row: TReviewRow, writer: { name: string; email: string; accountName: string }): TAdminReview {
  return {
    ...toPublicReview(row, writer.name),
    status: row.status,
    email: writer.email,
    accountName: writer.accountName,
    updatedAt: row.updatedAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

export { replyOf };

/** Review ids are UUIDs: anything else is no review (and must not reach PostgreSQL as one). */
export const isReviewId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
