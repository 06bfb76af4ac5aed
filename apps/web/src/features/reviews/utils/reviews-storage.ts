import { z } from 'zod';

/** The browser's storage key for reviews (spec 000 §3: reviews are kept only in the browser). */
export const REVIEWS_STORAGE_KEY = 'reviews';
export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A review as stored under `reviews` (spec 000 §3). Browser data, not an API contract, so the schema lives here. */
export const ZStoredReview = z.object({
  name: z.string().trim().min(1).max(120),
  company: z.string().trim().max(120).optional(),
  reviewText: z.string().trim().min(1).max(5000),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  date: z.iso.datetime({ offset: true }),
});
export type TStoredReview = z.infer<typeof ZStoredReview>;

/**
 * The reviews in the stored text, newest first. Storage can hold anything (another app on the same origin, an older
 * version, a hand edit): what is not JSON, not a list, or not a valid review is left out rather than breaking the page.
 */
export function parseStoredReviews(raw: string | null): TStoredReview[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const reviews = data.flatMap((item) => {
    const parsed = ZStoredReview.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return reviews.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/** The stored text after adding a review; earlier valid reviews are kept, unreadable entries dropped. */
export function withReviewAdded(raw: string | null, review: TStoredReview): string {
  return JSON.stringify([...parseStoredReviews(raw), ZStoredReview.parse(review)]);
}

export type TReviewValues = { name: string; company: string; reviewText: string; rating: number };
export type TReviewField = 'name' | 'reviewText' | 'rating';

/**
 * Spec 000 §5: name, review text and a rating of at least 1 are required, the company is optional. Returns the first
 * field to fix, or the review to store (trimmed, dated now).
 */
export function checkReview(
  values: TReviewValues,
  now = new Date(),
): { ok: true; review: TStoredReview } | { ok: false; field: TReviewField } {
  const name = values.name.trim();
  const reviewText = values.reviewText.trim();
  const company = values.company.trim();
  if (!name) return { ok: false, field: 'name' };
  if (!reviewText) return { ok: false, field: 'reviewText' };
  if (!Number.isInteger(values.rating) || values.rating < MIN_RATING || values.rating > MAX_RATING) return { ok: false, field: 'rating' };
  return { ok: true, review: { name, ...(company ? { company } : {}), reviewText, rating: values.rating, date: now.toISOString() } };
}

// Storage can be missing or refuse writes (private modes, a full quota).
export function readStoredReviews(): TStoredReview[] {
  try {
    return parseStoredReviews(window.localStorage.getItem(REVIEWS_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Adds a review to the browser's storage; false when the browser refuses to store it. */
export function storeReview(review: TStoredReview): boolean {
  try {
    const raw = window.localStorage.getItem(REVIEWS_STORAGE_KEY);
    window.localStorage.setItem(REVIEWS_STORAGE_KEY, withReviewAdded(raw, review));
    return true;
  } catch {
    return false;
  }
}
