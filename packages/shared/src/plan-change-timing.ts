import type { TBillingInterval } from './contracts/billing';
import type { TPlanChangeTiming } from './contracts/billing-plan-change';

/** A plan and interval with the plan's monthly list price: what decides when a change to it takes effect. */
export type TPricedPlanChoice = { planId: string; interval: TBillingInterval; monthlyPriceCents: number };

/**
 * When a change of plan takes effect (decision 083): a dearer plan (by its monthly list price) at once, prorated; a
 * cheaper one at the end of the period already paid for. Between plans of one price (the same plan), paying yearly is
 * taken at once and going back to monthly waits for the paid year to end. Null: it is no change.
 */
export function planChangeTimingOf(current: TPricedPlanChoice, next: TPricedPlanChoice): TPlanChangeTiming | null {
  if (next.monthlyPriceCents > current.monthlyPriceCents) return 'now';
  if (next.monthlyPriceCents < current.monthlyPriceCents) return 'periodEnd';
  if (next.planId === current.planId && next.interval === current.interval) return null;
  if (next.interval === current.interval) return 'periodEnd';
  return next.interval === 'year' ? 'now' : 'periodEnd';
}
