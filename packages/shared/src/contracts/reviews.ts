import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';

/**
 * Customers' reviews (spec 000 /reviews and /write-review, decision 115): a signed-in member writes their account's one
 * review; the back office approves, hides or answers it; /reviews shows the approved ones with their average and count.
 * Messages are i18n keys (`validation.*`), translated by the server and by the web app alike.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

export const MIN_REVIEW_RATING = 1;
export const MAX_REVIEW_RATING = 5;
export const REVIEW_LIMITS = { company: 120, text: 5000, reply: 2000 } as const;
/** Reviews per page on /reviews and in the back office. */
export const REVIEWS_PAGE_SIZE = 12;

export const REVIEW_MESSAGES = {
  textRequired: 'validation.reviewTextRequired',
  rating: 'validation.reviewRating',
  tooLong: 'validation.tooLong',
} as const;
export type TReviewMessage = (typeof REVIEW_MESSAGES)[keyof typeof REVIEW_MESSAGES];

export type TReviewField = 'company' | 'text' | 'rating';
export type TReviewValues = { company: string; text: string; rating: number };

/** The form's checks, shared by /write-review and the server (spec 000 §5: a review and a rating are required). */
export function reviewProblems(values: TReviewValues): Array<{ field: TReviewField; message: TReviewMessage }> {
  const problems: Array<{ field: TReviewField; message: TReviewMessage }> = [];
  const text = values.text.trim();
  if (!text) problems.push({ field: 'text', message: REVIEW_MESSAGES.textRequired });
  else if (text.length > REVIEW_LIMITS.text) problems.push({ field: 'text', message: REVIEW_MESSAGES.tooLong });
  if (!Number.isInteger(values.rating) || values.rating < MIN_REVIEW_RATING || values.rating > MAX_REVIEW_RATING)
    problems.push({ field: 'rating', message: REVIEW_MESSAGES.rating });
  if (values.company.trim().length > REVIEW_LIMITS.company) problems.push({ field: 'company', message: REVIEW_MESSAGES.tooLong });
  return problems;
}

/** PUT /api/reviews/mine: the account's review, written or rewritten by its writer (it waits for approval again). */
export const ZWriteReviewRequest = z
  .object({
    company: z
      .string()
      .max(REVIEW_LIMITS.company + 1, { error: REVIEW_MESSAGES.tooLong })
      .check(singleLineText)
      .default(''),
    text: z
      .string()
      .max(REVIEW_LIMITS.text + 1, { error: REVIEW_MESSAGES.tooLong })
      .check(multiLineText),
    rating: z.number({ error: REVIEW_MESSAGES.rating }),
  })
  .superRefine((values, context) => {
    for (const problem of reviewProblems(values)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform((values) => ({ company: values.company.trim(), text: values.text.trim(), rating: values.rating }));
export type TWriteReviewRequest = z.input<typeof ZWriteReviewRequest>;

const ZReply = z.object({ text: z.string(), at: z.iso.datetime({ offset: true }) });

/** A review as the site shows it: the writer's own name, never one typed in. */
export const ZPublicReview = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The back office's answer. */
  reply: ZReply.nullable(),
});
export type TPublicReview = z.infer<typeof ZPublicReview>;

export const ZReviewsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type TReviewsQuery = z.input<typeof ZReviewsQuery>;

/** GET /api/reviews?page=: the approved reviews, newest first, with the average and count of all of them. */
export const ZReviewsPage = z.object({
  reviews: z.array(ZPublicReview),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many approved reviews there are (the count shown beside the average). */
  total: z.number().int(),
  /** The average rating of the approved reviews, to one decimal; null when there is none. */
  average: z.number().nullable(),
});
export type TReviewsPage = z.infer<typeof ZReviewsPage>;

/** GET /api/reviews/mine: the caller's account's review, if it has one, and whether the caller may write or change it. */
export const ZMyReview = z.object({
  review: z
    .object({
      id: z.string(),
      company: z.string(),
      rating: z.number().int(),
      text: z.string(),
      status: z.enum(REVIEW_STATUSES),
      reply: ZReply.nullable(),
      /** The member who wrote it: the caller, or another member of the account. */
      authorName: z.string(),
      writtenByMe: z.boolean(),
      updatedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** False when another member of the account wrote its review: one review per account. */
  canWrite: z.boolean(),
});
export type TMyReview = z.infer<typeof ZMyReview>;

/** A review as the back office moderates it. */
export const ZAdminReview = ZPublicReview.extend({
  status: z.enum(REVIEW_STATUSES),
  email: z.string(),
  accountName: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  moderatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TAdminReview = z.infer<typeof ZAdminReview>;

export const ZAdminReviewsQuery = z.object({
  status: z.enum(['all', ...REVIEW_STATUSES]).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminReviewsQuery = z.input<typeof ZAdminReviewsQuery>;

export const ZAdminReviewsPage = z.object({
  reviews: z.array(ZAdminReview),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TAdminReviewsPage = z.infer<typeof ZAdminReviewsPage>;

export const ZReviewParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });

/** PUT /api/admin/reviews/:id/reply: the back office's public answer; empty removes it. */
export const ZReviewReplyRequest = z
  .object({ reply: z.string().max(REVIEW_LIMITS.reply, { error: REVIEW_MESSAGES.tooLong }).check(multiLineText) })
  .transform((values) => ({ reply: values.reply.trim() }));
export type TReviewReplyRequest = z.input<typeof ZReviewReplyRequest>;
