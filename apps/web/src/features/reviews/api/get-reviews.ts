import { ZReviewsPage, type TReviewsPage } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { reviewKeys } from './review-keys';

/** GET /api/reviews?page=: the approved reviews, newest first, with their average and count. Public. */
export function getReviews(page: number): Promise<TReviewsPage> {
  return apiGet(`/reviews?page=${page}`, ZReviewsPage);
}

export const reviewsQueryOptions = (page: number) =>
  queryOptions({ queryKey: reviewKeys.page(page), queryFn: () => getReviews(page), placeholderData: keepPreviousData });

export function useReviews(page: number) {
  return useQuery(reviewsQueryOptions(page));
}
