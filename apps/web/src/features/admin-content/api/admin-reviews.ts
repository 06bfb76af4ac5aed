import { ZAdminReview, ZAdminReviewsPage, type TAdminReview, type TAdminReviewsPage, type TReviewStatus } from '@faxline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

export type TReviewFilter = TReviewStatus | 'all';

/** The back office's reviews' keys; the public list (features/reviews) is ['reviews'], marked stale by a change. */
const adminReviewKeys = {
  all: ['admin', 'reviews'] as const,
  page: (status: TReviewFilter, page: number) => ['admin', 'reviews', status, page] as const,
};
const PUBLIC_REVIEWS_KEY = ['reviews'] as const;

/** GET /api/admin/reviews?status=&page=: the reviews of one status, the most recently changed first. */
export function getAdminReviews(status: TReviewFilter, page: number): Promise<TAdminReviewsPage> {
  return apiGet(`/admin/reviews?status=${status}&page=${page}`, ZAdminReviewsPage);
}

export function useAdminReviews(status: TReviewFilter, page: number) {
  return useQuery({
    queryKey: adminReviewKeys.page(status, page),
    queryFn: () => getAdminReviews(status, page),
    placeholderData: keepPreviousData,
  });
}

export type TModeration = { id: string } & ({ action: 'approve' | 'hide' } | { action: 'reply'; reply: string });

/** POST /api/admin/reviews/:id/approve or /hide, PUT /api/admin/reviews/:id/reply. */
export function moderateReview(change: TModeration): Promise<TAdminReview> {
  const base = `/admin/reviews/${encodeURIComponent(change.id)}`;
  return change.action === 'reply'
    ? apiSend('PUT', `${base}/reply`, { reply: change.reply }, ZAdminReview)
    : apiSend('POST', `${base}/${change.action}`, undefined, ZAdminReview);
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_REVIEWS_KEY }),
      ]),
  });
}
