import type { TUsage, TUsageCsvQuery } from '@faxline/shared';

/** A day as YYYY-MM-DD, from an instant (the period's bounds are midnights in UTC, as the server counts). */
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const dayBefore = (instant: Date) => dayOf(new Date(instant.getTime() - 86_400_000));

/**
 * The days of this quota period and of the one before (a month back, or a year back for a yearly period), both
 * ends included, as the usage CSV asks for them.
 */
export function usagePeriods(usage: Pick<TUsage, 'periodStart' | 'periodEnd'>): { current: TUsageCsvQuery; last: TUsageCsvQuery } {
  const start = new Date(usage.periodStart);
  const end = new Date(usage.periodEnd);
  const yearly = end.getTime() - start.getTime() > 62 * 86_400_000;
  const lastStart = new Date(start);
  if (yearly) lastStart.setUTCFullYear(start.getUTCFullYear() - 1);
  else lastStart.setUTCMonth(start.getUTCMonth() - 1);
  return {
    current: { from: dayOf(start), to: dayBefore(end) },
    last: { from: dayOf(lastStart), to: dayBefore(start) },
  };
}
