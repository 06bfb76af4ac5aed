import { queryOptions, useQuery } from '@tanstack/react-query';

export const activePromotionQueryKey = ['promotions', 'active'] as const;

/**
 * GET /api/promotions/active (decision 088). The announcement bar runs this query on every page, so the fetcher (with
 * the API client and zod) is loaded on first use rather than imported, as the session's is: the landing page's
 * first-load bundle stays as it was.
 */
export const activePromotionQueryOptions = () =>
  queryOptions({
    queryKey: activePromotionQueryKey,
    queryFn: async () => (await import('./get-active-promotion')).getActivePromotion(),
    // The server lets caches keep it for a minute too.
    staleTime: 60_000,
  });

/** The promotion in force, null when none (or while it loads, or when it cannot be read: no page promises one then). */
export function useActivePromotion() {
  return useQuery({ ...activePromotionQueryOptions(), select: (response) => response.promotion });
}
