import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@faxline/shared';

/**
 * When the next try of a message comes after its try number `failed` failed: WEBHOOK_RETRY_DELAYS_SECONDS one after
 * the other (about a day in all), scaled by the clock (FAX_CLOCK_SCALE: 1 in production, fast in tests). Null when
 * that was the last try.
 */
export function nextTryAt(failed: number, clockScale: number, now: Date): Date | null {
  const seconds = WEBHOOK_RETRY_DELAYS_SECONDS[failed - 1];
  if (seconds === undefined) return null;
  return new Date(now.getTime() + seconds * 1000 * clockScale);
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be disabled (5 days, scaled). */
export function failedTooLong(failingSince: Date, clockScale: number, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_SECONDS * 1000 * clockScale;
}
