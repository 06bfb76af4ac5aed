// Types only from @faxline/shared: the announcement bar is in the landing page's first-load bundle, zod is not.
import type { TActivePromotion } from '@faxline/shared';

import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';

/** A share (0.2) as the language writes a percentage: "20%" in English, "20 %" in Spanish and French. */
export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** What a promotion takes off, in the reader's language: "20%" or "$10.00". */
export function promotionOffer(promotion: Pick<TActivePromotion, 'percentOff' | 'amountOffCents' | 'currency'>, language: string): string {
  if (promotion.percentOff !== null) return formatPercent(promotion.percentOff / 100, language);
  return formatMoney(promotion.amountOffCents ?? 0, promotion.currency, language);
}

/**
 * The last day a promotion may be used, in the reader's language ("December 31, 2026"): its end is the first moment it
 * no longer applies, so one ending at midnight shows the day before.
 */
export function promotionLastDay(promotion: Pick<TActivePromotion, 'validUntil'>, language: string): string {
  return formatDate(new Date(Date.parse(promotion.validUntil) - 1).toISOString(), language, undefined, 'long');
}
