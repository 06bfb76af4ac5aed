import { lazy, Suspense } from 'react';

import { useActivePromotion } from '@/lib/promotions/active-promotion-query';

// Loaded only when a promotion is in force: without one, the landing page's first load carries none of its code.
const PromotionBar = lazy(() => import('./promotion-bar'));

/**
 * The dismissible announcement bar (spec 000 §2, §4; decision 088): the promotion in force, as the server says it is,
 * and nothing when none is.
 */
export function AnnouncementBar() {
  const { data: promotion } = useActivePromotion();
  if (!promotion) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by the promotion, so that a dismissal is remembered for this one and a later one shows again. */}
      <PromotionBar key={promotion.validUntil} promotion={promotion} />
    </Suspense>
  );
}
