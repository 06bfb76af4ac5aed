import { ZActivePromotionResponse, type TActivePromotionResponse } from '@faxline/shared';

import { apiGet } from '@/lib/api-client';

// Its query options live in ./active-promotion-query.ts, which imports this file lazily (see there).

/** GET /api/promotions/active: the promotion in force, or `{ promotion: null }`. Public, the same for everyone. */
export function getActivePromotion(): Promise<TActivePromotionResponse> {
  return apiGet('/promotions/active', ZActivePromotionResponse);
}
