import { describe, expect, it } from 'vitest';

import { usagePeriods } from './usage-periods';

describe('usagePeriods', () => {
  it('gives a calendar month and the month before it', () => {
    expect(usagePeriods({ periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' })).toEqual({
      current: { from: '2026-03-01', to: '2026-03-31' },
      last: { from: '2026-02-01', to: '2026-02-28' },
    });
  });

  it("gives a subscription's monthly period and the one before, across a year's end", () => {
    expect(usagePeriods({ periodStart: '2026-01-15T09:30:00.000Z', periodEnd: '2026-02-15T09:30:00.000Z' })).toEqual({
      current: { from: '2026-01-15', to: '2026-02-14' },
      last: { from: '2025-12-15', to: '2026-01-14' },
    });
  });

  it('gives a yearly period and the year before', () => {
    expect(usagePeriods({ periodStart: '2026-06-01T00:00:00.000Z', periodEnd: '2027-06-01T00:00:00.000Z' })).toEqual({
      current: { from: '2026-06-01', to: '2027-05-31' },
      last: { from: '2025-06-01', to: '2026-05-31' },
    });
  });
});
