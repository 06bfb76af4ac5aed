import type { TActivePromotion, TPlan } from '@faxline/shared';

import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { yearlyMonthlyPriceCents } from '@/lib/plans/plan-prices';

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

/**
 * What paying yearly saves, from the plans' own prices (decision 088): each plan's yearly monthly price (as its card shows it) against
 * its monthly price, in whole percent rounded down (never more than it is). `upTo` when plans save different amounts:
 * the texts then say "up to" the largest. Null when no plan saves anything by paying yearly: no text offers a saving.
 */
export function yearlySaving(
  plans: readonly Pick<TPlan, 'monthlyPriceCents' | 'yearlyMonthlyPriceCents'>[],
): { share: number; upTo: boolean } | null {
  const percents = plans.flatMap((plan) => {
    const yearly = yearlyMonthlyPriceCents(plan);
    if (!plan.monthlyPriceCents || yearly === null) return [];
    return [Math.floor(((plan.monthlyPriceCents - yearly) * 100) / plan.monthlyPriceCents)];
  });
  const largest = Math.max(0, ...percents);
  if (largest === 0) return null;
  return { share: largest / 100, upTo: percents.some((percent) => percent !== largest) };
}
