import { FAX_FAILURE_REASONS, RETRYABLE_FAX_FAILURES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { countedTries, nextTryAfter, RETRY_RULES, triesAllowedFor } from './retry-policy';

describe('retry policy', () => {
  it('retries busy 3 more times, 3 minutes apart', () => {
    expect([1, 2, 3, 4].map((attempt) => nextTryAfter('busy', attempt))).toEqual([180_000, 180_000, 180_000, null]);
  });
  it('retries no answer 2 more times, 5 minutes apart, and a line error 2 more, 1 minute apart', () => {
    expect([1, 2, 3].map((attempt) => nextTryAfter('no_answer', attempt))).toEqual([300_000, 300_000, null]);
    expect([1, 2, 3].map((attempt) => nextTryAfter('line_quality', attempt))).toEqual([60_000, 60_000, null]);
  });
  it('tries a partial delivery again for the pages not confirmed, 2 more times, 1 minute apart', () => {
    expect([1, 2, 3].map((attempt) => nextTryAfter('partial', attempt))).toEqual([60_000, 60_000, null]);
  });
  it('never retries a number that is not a fax machine', () => {
    expect(nextTryAfter('not_a_fax_machine', 1)).toBeNull();
  });
  it('retries exactly the classes the taxonomy flags retryable (decision 119)', () => {
    for (const reason of FAX_FAILURE_REASONS) {
      expect({ reason, retried: nextTryAfter(reason, 1) !== null }).toEqual({ reason, retried: RETRYABLE_FAX_FAILURES[reason] });
      expect({ reason, tries: triesAllowedFor(reason) > 1 }).toEqual({ reason, tries: RETRYABLE_FAX_FAILURES[reason] });
    }
    // A rule for a class the taxonomy calls final would be dead: none is written.
    for (const reason of Object.keys(RETRY_RULES)) expect(RETRYABLE_FAX_FAILURES[reason as keyof typeof RETRYABLE_FAX_FAILURES]).toBe(true);
  });
  it('retries a carrier outage 3 more times 5 minutes apart and a partial delivery 2 more, 1 minute apart', () => {
    expect([1, 2, 3, 4].map((attempt) => nextTryAfter('carrier_outage', attempt))).toEqual([300_000, 300_000, 300_000, null]);
    expect([1, 2, 3].map((attempt) => nextTryAfter('partial', attempt))).toEqual([60_000, 60_000, null]);
    expect([nextTryAfter('uncertain', 1), nextTryAfter('carrier_refused', 1), nextTryAfter('wrong_station', 1)]).toEqual([
      null,
      null,
      null,
    ]);
  });
  it('does not count up to three tries cut short by their worker, and counts every one after those', () => {
    expect([0, 1, 3, 4, 6].map((interrupted) => countedTries(6, interrupted))).toEqual([6, 5, 3, 3, 3]);
  });
});
