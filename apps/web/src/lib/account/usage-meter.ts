import type { TUsage } from '@faxline/shared';

export type TUsageMeter =
  | { kind: 'limited'; used: number; limit: number; percent: number }
  | { kind: 'unlimited'; used: number }
  | { kind: 'noPlan'; used: number };

/**
 * What the dashboard's usage card and /user/billing show: pages against the plan's pages (the bar stops at 100 % when
 * over), or the count alone.
 */
export function usageMeterOf(usage: Pick<TUsage, 'plan' | 'pagesUsed'>): TUsageMeter {
  const used = Math.max(0, usage.pagesUsed);
  if (!usage.plan) return { kind: 'noPlan', used };
  const limit = usage.plan.pagesPerMonth;
  if (limit === null) return { kind: 'unlimited', used };
  const percent = limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return { kind: 'limited', used, limit, percent };
}
