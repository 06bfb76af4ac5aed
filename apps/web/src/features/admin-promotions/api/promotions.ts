import { ZAdminPromotion, ZAdminPromotionsResponse, type TAdminPromotion, type TPromotionInput } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';
import { activePromotionQueryKey } from '@/lib/promotions/active-promotion-query';

const adminPromotionsKey = ['admin', 'promotions'] as const;

/** GET /api/admin/promotions: every promotion, newest first, with its redemptions as the provider reported them. */
export function useAdminPromotions() {
  return useQuery({ queryKey: adminPromotionsKey, queryFn: () => apiGet('/admin/promotions', ZAdminPromotionsResponse) });
}

/** After a change, the list and the public bar's promotion are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminPromotionsKey }),
      client.invalidateQueries({ queryKey: activePromotionQueryKey }),
    ]);
}

/** POST /api/admin/promotions: the coupon is made at the payment provider, then recorded. */
export function useCreatePromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TPromotionInput): Promise<TAdminPromotion> => apiSend('POST', '/admin/promotions', input, ZAdminPromotion),
    onSuccess: refresh,
  });
}

/** POST /api/admin/promotions/:id/end: no new checkout gets it; the discounts already given stay. */
export function useEndPromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string): Promise<TAdminPromotion> =>
      apiSend('POST', `/admin/promotions/${encodeURIComponent(id)}/end`, undefined, ZAdminPromotion),
    onSuccess: refresh,
  });
}
