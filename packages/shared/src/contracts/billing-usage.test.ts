import { describe, expect, it } from 'vitest';
import { MAX_USAGE_CSV_DAYS, usageDay, ZUsageCsvQuery } from './billing-usage';

const errorsOf = (query: Record<string, string>) => {
  const parsed = ZUsageCsvQuery.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the usage CSV period', () => {
  it('takes two real days in order, both included, up to the longest period', () => {
    expect(errorsOf({ from: '2026-12-01', to: '2026-12-01' })).toEqual([]);
    expect(errorsOf({ from: '2026-01-01', to: '2027-02-04' })).toEqual([]); // 400 days
    expect(MAX_USAGE_CSV_DAYS).toBe(400);
  });

  it('refuses a day that does not exist or is not written YYYY-MM-DD', () => {
    for (const day of ['0000-01-01', '1999-12-31', '2026-02-30', '2026-13-01', '01/12/2026', '2026-1-1', '', '2026-12-01T00:00:00Z'])
      expect(errorsOf({ from: day, to: '2026-12-31' }), day).toEqual(['validation.usageDate']);
    expect(usageDay('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('refuses a reversed period and one longer than 400 days', () => {
    expect(errorsOf({ from: '2026-12-02', to: '2026-12-01' })).toEqual(['validation.auditDateOrder']);
    expect(errorsOf({ from: '2026-01-01', to: '2027-02-05' })).toEqual(['validation.usageRangeTooLong']);
  });
});
