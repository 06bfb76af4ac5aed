import { ZMyReview, type TMyReview, type TWriteReviewRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { reviewKeys } from './review-keys';

/** PUT /api/reviews/mine: the account's review, written or changed by its writer; it waits for approval again. */
export function writeReview(input: TWriteReviewRequest): Promise<TMyReview> {
  return apiSend('PUT', '/reviews/mine', input, ZMyReview);
}

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeReview,
    onSuccess: (mine) => queryClient.setQueryData(reviewKeys.mine, mine),
  });
}
