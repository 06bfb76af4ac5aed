import { YEARLY_DISCOUNT, type TBillingInterval, type TLanguage, type TPlan } from '@faxline/shared';

import { formatMoney } from '@/lib/format-money';

export type TPlanPrice =
  /** Priced on request (Enterprise): the card shows "Custom" and a contact link. */
  | { kind: 'custom' }
  | {
      kind: 'fixed';
      /** What one month costs when paying this often, formatted. */
      perMonth: string;
      /** Yearly payment only: the amount charged once a year, formatted. */
      perYear: string | null;
    };

/**
 * The monthly price when billed yearly. The server sends it; a plan without it (an older catalogue entry) gets the
 * advertised 20% off the monthly price, rounded to the minor unit.
 */
export function yearlyMonthlyPriceCents(plan: Pick<TPlan, 'monthlyPriceCents' | 'yearlyMonthlyPriceCents'>): number | null {
  if (plan.monthlyPriceCents === null) return null;
  return plan.yearlyMonthlyPriceCents ?? Math.round(plan.monthlyPriceCents * (1 - YEARLY_DISCOUNT));
}

/** The price a plan shows for paying monthly or yearly, in the language's way of writing the plan's currency. */
export function planPrice(
  plan: Pick<TPlan, 'monthlyPriceCents' | 'yearlyMonthlyPriceCents' | 'currency'>,
  interval: TBillingInterval,
  language: TLanguage,
): TPlanPrice {
  const monthly = interval === 'month' ? plan.monthlyPriceCents : yearlyMonthlyPriceCents(plan);
  if (monthly === null) return { kind: 'custom' };
  return {
    kind: 'fixed',
    perMonth: formatMoney(monthly, plan.currency, language),
    perYear: interval === 'year' ? formatMoney(monthly * 12, plan.currency, language) : null,
  };
}
