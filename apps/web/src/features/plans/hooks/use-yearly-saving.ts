import { useTranslation } from 'react-i18next';

import { usePlans } from '@/lib/plans/get-plans';
import { useActivePromotion } from '@/lib/promotions/active-promotion-query';
import { formatPercent, promotionLastDay, promotionOffer } from '@/lib/promotions/promotion-terms';
import { yearlySaving } from '@/lib/promotions/yearly-saving';
import { useLanguage } from '@/lib/use-language';

/**
 * What paying yearly saves, as the plans on sale price it (decision 088), formatted in the reader's language: "20%"
 * and whether it is "up to". Null while the plans load, and when no plan saves anything yearly: no text offers a
 * saving then.
 */
export function useYearlySaving(): { percent: string; upTo: boolean } | null {
  const { language } = useLanguage();
  const { data: plans } = usePlans();
  const saving = plans ? yearlySaving(plans.plans) : null;
  return saving ? { percent: formatPercent(saving.share, language), upTo: saving.upTo } : null;
}

/**
 * The sentence that adds the promotion in force to the yearly saving ("Until December 31, 2026, 20% off the first year
 * of a yearly plan as well."), every promotion applying to yearly plans; null when none is in force.
 */
export function usePromotionSentence(): string | null {
  const { t } = useTranslation('marketing');
  const { language } = useLanguage();
  const { data: promotion } = useActivePromotion();
  if (!promotion) return null;
  return t(`pricing.promotion.${promotion.appliesTo}`, {
    offer: promotionOffer(promotion, language),
    date: promotionLastDay(promotion, language),
  });
}
