import type { TFaxFailureReason } from '@faxline/shared';

/**
 * Retries by failure class (DESIGN.md "Faxes"): busy, 3 more tries 3 minutes apart; no answer, 2 more 5 minutes
 * apart; line error, 2 more 1 minute apart. Anything else is final.
 */
const POLICY: Partial<Record<TFaxFailureReason, { retries: number; delayMs: number }>> = {
  busy: { retries: 3, delayMs: 3 * 60_000 },
  no_answer: { retries: 2, delayMs: 5 * 60_000 },
  line_quality: { retries: 2, delayMs: 60_000 },
  // Some pages confirmed: the next tries send only the rest (decision 123), as soon as a line error's.
  partial: { retries: 2, delayMs: 60_000 },
};

/** How many tries in all the rules allow a fax whose last try failed for `reason` (1 when it is not retried). */
export function triesAllowedFor(reason: TFaxFailureReason): number {
  return (POLICY[reason]?.retries ?? 0) + 1;
}

/**
 * Tries cut short by the death of the worker that made them (a crash or a kill, not the line's doing) that are not
 * counted against a fax's retries (decision 081). Only a few: a fax whose every try kills its worker must still end.
 */
export const UNCOUNTED_INTERRUPTIONS = 3;

/** How many of a fax's `tries` count against its retries, when `interrupted` of them were cut short by a worker's death. */
export function countedTries(tries: number, interrupted: number): number {
  return tries - Math.min(interrupted, UNCOUNTED_INTERRUPTIONS);
}

/** After attempt `attempt` failed for `reason`: the wait before the next try, or null when there is none. */
export function nextTryAfter(reason: TFaxFailureReason, attempt: number): number | null {
  const rule = POLICY[reason];
  if (!rule || attempt > rule.retries) return null;
  return rule.delayMs;
}
