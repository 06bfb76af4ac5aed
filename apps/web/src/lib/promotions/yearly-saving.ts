import type { TPlan } from '@faxline/shared';

import { yearlyMonthlyPriceCents } from '@/lib/plans/plan-prices';

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
