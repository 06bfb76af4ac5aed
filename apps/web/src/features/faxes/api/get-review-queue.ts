import { ZReviewQueue, type TReviewQueue } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** GET /api/faxes/review: the received faxes whose class waits for a member (decision 102), newest first. */
export function getReviewQueue(): Promise<TReviewQueue> {
  return apiGet('/faxes/review', ZReviewQueue);
}

export function useReviewQueue() {
  return useQuery({ queryKey: faxKeys.review(), queryFn: getReviewQueue, staleTime: 0 });
}
