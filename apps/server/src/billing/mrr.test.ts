import { describe, expect, it } from 'vitest';
import { monthlyRecurringCents, revenueByMonth, revenueChangeKind, type RevenueChangeGroup } from './mrr';

const professional = { monthlyPriceCents: 2999, yearlyMonthlyPriceCents: 2399 };

describe('monthlyRecurringCents', () => {
  it('counts a monthly subscription at its monthly price', () => {
    expect(monthlyRecurringCents(professional, 'month')).toBe(2999);
  });

  it('counts a yearly subscription as a twelfth of the yearly price charged once', () => {
    // Sold at 2399 × 12 = 28788 a year.
    expect(monthlyRecurringCents(professional, 'year')).toBe(28_788 / 12);
    expect(monthlyRecurringCents({ monthlyPriceCents: 1000, yearlyMonthlyPriceCents: 800 }, 'year')).toBe(800);
  });

  it('counts a plan priced on request as nothing', () => {
    expect(monthlyRecurringCents({ monthlyPriceCents: null, yearlyMonthlyPriceCents: null }, 'month')).toBe(0);
    expect(monthlyRecurringCents({ monthlyPriceCents: null, yearlyMonthlyPriceCents: null }, 'year')).toBe(0);
  });
});

describe('revenueChangeKind', () => {
  const monthly = { planId: 'pro', interval: 'month' } as const;
  it('tells a start, an end, a change of plan or interval, and nothing', () => {
    expect(revenueChangeKind(null, monthly)).toBe('started');
    expect(revenueChangeKind(monthly, null)).toBe('ended');
    expect(revenueChangeKind(monthly, { planId: 'business', interval: 'month' })).toBe('changed');
    expect(revenueChangeKind(monthly, { planId: 'pro', interval: 'year' })).toBe('changed');
    expect(revenueChangeKind(monthly, { ...monthly })).toBeNull();
    expect(revenueChangeKind(null, null)).toBeNull();
  });
});

describe('revenueByMonth', () => {
  const group = (month: string, kind: RevenueChangeGroup['kind'], before: number, after: number, count = 1): RevenueChangeGroup => ({
    month: new Date(month),
    kind,
    count,
    mrrBeforeCents: before,
    mrrAfterCents: after,
  });

  it('sums new, churned and changed revenue per month, with net, and leaves the opening lines out', () => {
    const months = revenueByMonth(
      [
        group('2026-10-01T00:00:00Z', 'started', 0, 2999 + 2399, 2),
        group('2026-10-01T00:00:00Z', 'opening', 0, 5000),
        group('2026-11-01T00:00:00Z', 'ended', 2999, 0),
        group('2026-11-01T00:00:00Z', 'changed', 2399, 4999),
        group('2026-11-01T00:00:00Z', 'changed', 4999, 2999),
      ],
      new Date('2026-10-15T00:00:00Z'),
      new Date('2026-12-03T12:00:00Z'),
    );
    expect(months).toEqual([
      { month: '2026-10-01T00:00:00.000Z', newMrrCents: 5398, churnedMrrCents: 0, changedMrrCents: 0, netMrrCents: 5398 },
      { month: '2026-11-01T00:00:00.000Z', newMrrCents: 0, churnedMrrCents: 2999, changedMrrCents: 600, netMrrCents: -2399 },
      { month: '2026-12-01T00:00:00.000Z', newMrrCents: 0, churnedMrrCents: 0, changedMrrCents: 0, netMrrCents: 0 },
    ]);
  });

  it('gives one month for a period within one', () => {
    expect(revenueByMonth([], new Date('2026-12-02T13:00:00Z'), new Date('2026-12-03T12:59:59Z'))).toHaveLength(1);
  });
});
