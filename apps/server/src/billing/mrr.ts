import type { TBillingInterval, TRevenueMonth } from '@faxline/shared';
import type { TRevenueChangeKind } from './schema';

/** A plan's list prices as the back office sets them (`plans`); null: priced on request, never sold by a provider. */
export type PlanPrices = { monthlyPriceCents: number | null; yearlyMonthlyPriceCents: number | null };

/**
 * What a subscription brings in a month, at its plan's list price: the monthly price, or a twelfth of the yearly
 * price the provider charges once a year (the plan's yearly monthly price times twelve, as `createPlanPrices` sells
 * it). A plan priced on request has no provider price, so no subscription to it is paid through one: it counts 0.
 */
export function monthlyRecurringCents(prices: PlanPrices, interval: TBillingInterval): number {
  if (interval === 'month') return prices.monthlyPriceCents ?? 0;
  const yearlyCents = (prices.yearlyMonthlyPriceCents ?? 0) * 12;
  return Math.round(yearlyCents / 12);
}

/** What an account pays for each month: its plan and interval in force, or null when it pays for none. */
export type RevenueState = { planId: string; interval: TBillingInterval } | null;

/**
 * Which change of the history (decision 092) going from `before` to `after` is, or null when there is none to write:
 * a renewal, a cancellation still running to its period's end, or a payment failure within the grace change nothing.
 */
export function revenueChangeKind(before: RevenueState, after: RevenueState): Exclude<TRevenueChangeKind, 'opening'> | null {
  if (!before) return after ? 'started' : null;
  if (!after) return 'ended';
  return before.planId === after.planId && before.interval === after.interval ? null : 'changed';
}

/** The changes of one kind in one month (UTC), summed: what the database gives the revenue figures. */
export type RevenueChangeGroup = {
  month: Date;
  kind: TRevenueChangeKind;
  count: number;
  mrrBeforeCents: number;
  mrrAfterCents: number;
};

/**
 * Every month from `first` to `last` (their first days, UTC), each with the recurring revenue that began, ended and
 * changed in it; the lines that opened the history count in none, as they began before it.
 */
export function revenueByMonth(groups: readonly RevenueChangeGroup[], first: Date, last: Date): TRevenueMonth[] {
  const months: TRevenueMonth[] = [];
  for (let at = startOfMonth(first); at <= last; at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))) {
    const inMonth = groups.filter((group) => startOfMonth(group.month).getTime() === at.getTime());
    const sum = (kind: TRevenueChangeKind, amount: (group: RevenueChangeGroup) => number) =>
      inMonth.filter((group) => group.kind === kind).reduce((total, group) => total + amount(group), 0);
    const newMrrCents = sum('started', (group) => group.mrrAfterCents);
    const churnedMrrCents = sum('ended', (group) => group.mrrBeforeCents);
    const changedMrrCents = sum('changed', (group) => group.mrrAfterCents - group.mrrBeforeCents);
    months.push({
      month: at.toISOString(),
      newMrrCents,
      churnedMrrCents,
      changedMrrCents,
      netMrrCents: newMrrCents - churnedMrrCents + changedMrrCents,
    });
  }
  return months;
}

const startOfMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
