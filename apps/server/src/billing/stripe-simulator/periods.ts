export type Interval = 'day' | 'week' | 'month' | 'year';

/**
 * The end of the billing period that starts at `start`, for a subscription anchored at `anchor` (Unix seconds). As on
 * Stripe, a monthly period ends on the anchor's day of the month, or on the month's last day when it is shorter (an
 * anchor on 31 January renews on 28 or 29 February, then on 31 March).
 */
export function periodEndAfter(anchor: number, start: number, interval: Interval, count: number): number {
  if (interval === 'day' || interval === 'week') {
    const step = count * (interval === 'day' ? 86_400 : 604_800);
    return anchor + (Math.floor((start - anchor) / step) + 1) * step;
  }
  const monthsPerStep = count * (interval === 'year' ? 12 : 1);
  const from = new Date(anchor * 1000);
  const to = new Date(start * 1000);
  const monthsBetween = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  let steps = Math.max(0, Math.floor(monthsBetween / monthsPerStep));
  while (addMonths(anchor, steps * monthsPerStep) <= start) steps += 1;
  return addMonths(anchor, steps * monthsPerStep);
}

function addMonths(anchor: number, months: number): number {
  const from = new Date(anchor * 1000);
  const monthIndex = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  const time = Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return Math.floor(time / 1000);
}
