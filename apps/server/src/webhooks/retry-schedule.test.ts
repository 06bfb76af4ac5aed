import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { failedTooLong, nextTryAt } from './retry-schedule';

const now = new Date('2026-11-20T10:00:00Z');
const gapAfter = (failed: number, scale = 1) => (nextTryAt(failed, scale, now)?.getTime() ?? NaN) - now.getTime();

describe('the webhooks retry schedule', () => {
  it('waits longer after each failed try, about a day in all, then gives up', () => {
    const gaps = WEBHOOK_RETRY_DELAYS_SECONDS.map((_, index) => gapAfter(index + 1));
    expect(gaps).toEqual(WEBHOOK_RETRY_DELAYS_SECONDS.map((seconds) => seconds * 1000));
    for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]).toBeGreaterThan(gaps[i - 1]!);
    const total = gaps.reduce((sum, gap) => sum + gap, 0) / 3_600_000;
    expect(total).toBeGreaterThan(12);
    expect(total).toBeLessThan(30);
    expect(nextTryAt(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1, 1, now)).toBeNull();
  });

  it('follows the fast clock of tests', () => {
    expect(gapAfter(2, 0.001)).toBe(WEBHOOK_RETRY_DELAYS_SECONDS[1] * 1000 * 0.001);
  });

  it('disables after five days of failures, scaled by the same clock', () => {
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    expect(WEBHOOK_DISABLE_AFTER_SECONDS).toBe(5 * 86_400);
    expect(failedTooLong(days(4.9), 1, now)).toBe(false);
    expect(failedTooLong(days(5), 1, now)).toBe(true);
    expect(failedTooLong(new Date(now.getTime() - 500_000), 0.001, now)).toBe(true);
  });
});
