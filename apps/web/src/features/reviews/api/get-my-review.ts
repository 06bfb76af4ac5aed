import { ZMyReview, type TMyReview } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { reviewKeys } from './review-keys';

/** GET /api/reviews/mine: the signed-in person's account's review, and whether they may write it. */
export function getMyReview(): Promise<TMyReview> {
  return apiGet('/reviews/mine', ZMyReview);
}

export const myReviewQueryOptions = () => queryOptions({ queryKey: reviewKeys.mine, queryFn: getMyReview });

export function useMyReview(enabled: boolean) {
  return useQuery({ ...myReviewQueryOptions(), enabled });
}
