import { describe, expect, it } from 'vitest';
import { addMonths, monthContaining } from './extra-numbers';

const at = (iso: string) => new Date(iso);

describe('the months of a number beyond the plan', () => {
  it("start on the day it was added, and on that day of each month after, or the month's last day when it has none", () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(at('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('finds the month a moment falls in: the first until the same day of the next month, then the next', () => {
    const added = at('2026-01-31T10:00:00Z');
    expect(monthContaining(added, added)).toEqual({ start: added, end: at('2026-02-28T10:00:00Z') });
    expect(monthContaining(added, at('2026-02-28T09:59:59Z')).start).toEqual(added);
    expect(monthContaining(added, at('2026-02-28T10:00:00Z'))).toEqual({
      start: at('2026-02-28T10:00:00Z'),
      end: at('2026-03-31T10:00:00Z'),
    });
    expect(monthContaining(added, at('2027-02-01T00:00:00Z'))).toEqual({
      start: at('2027-01-31T10:00:00Z'),
      end: at('2027-02-28T10:00:00Z'),
    });
  });
});
