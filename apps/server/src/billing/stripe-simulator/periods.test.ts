import { describe, expect, it } from 'vitest';
import { periodEndAfter } from './periods';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('billing periods', () => {
  it("end on the anchor's day of the month, or on the last day of a shorter month", () => {
    const anchor = at('2027-01-31T09:30:00Z');
    expect(periodEndAfter(anchor, anchor, 'month', 1)).toBe(at('2027-02-28T09:30:00Z'));
    expect(periodEndAfter(anchor, at('2027-02-28T09:30:00Z'), 'month', 1)).toBe(at('2027-03-31T09:30:00Z'));
    expect(periodEndAfter(anchor, at('2027-03-31T09:30:00Z'), 'month', 3)).toBe(at('2027-04-30T09:30:00Z'));
  });

  it('run a year from the anchor, 29 February renewing on 28 February', () => {
    const anchor = at('2028-02-29T00:00:00Z');
    expect(periodEndAfter(anchor, anchor, 'year', 1)).toBe(at('2029-02-28T00:00:00Z'));
  });
});
