import { RETRYABLE_FAX_FAILURES, type TFaxFailureReason } from '@faxline/shared';

type RetryRule = { retries: number; delayMs: number };

/**
 * Retries by failure class (DESIGN.md "Faxes", decision 119). Which classes are retried is RETRYABLE_FAX_FAILURES'
 * word alone (the API and webhooks say it as `retryable`); these are only how often and how far apart: busy, 3 more
 * tries 3 minutes apart; no answer, 2 more 5 minutes apart; line quality and a partial delivery (the next try sends
 * only the pages not confirmed), 2 more 1 minute apart; a carrier outage, 3 more 5 minutes apart (the route's other
 * carrier takes them when there is one). A retryable class not named here gets DEFAULT_RULE.
 */
export const RETRY_RULES: Readonly<Partial<Record<TFaxFailureReason, RetryRule>>> = {
  busy: { retries: 3, delayMs: 3 * 60_000 },
  no_answer: { retries: 2, delayMs: 5 * 60_000 },
  line_quality: { retries: 2, delayMs: 60_000 },
  // Some pages confirmed: the next tries send only the rest (decision 123), as soon as a line error's.
  partial: { retries: 2, delayMs: 60_000 },
  carrier_outage: { retries: 3, delayMs: 5 * 60_000 },
};
const DEFAULT_RULE: RetryRule = { retries: 2, delayMs: 60_000 };

/** The rule for a class: none when the taxonomy says another try would not help. */
function ruleFor(reason: TFaxFailureReason): RetryRule | null {
  if (!RETRYABLE_FAX_FAILURES[reason]) return null;
  return RETRY_RULES[reason] ?? DEFAULT_RULE;
}

/** How many tries in all the rules allow a fax whose last try failed for `reason` (1 when it is not retried). */
export function triesAllowedFor(reason: TFaxFailureReason): number {
  return (ruleFor(reason)?.retries ?? 0) + 1;
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
  const rule = ruleFor(reason);
  if (!rule || attempt > rule.retries) return null;
  return rule.delayMs;
}
