import { describe, expect, it } from 'vitest';
import { formatProjectTotals, formatSlowest } from './test-durations';

const durations = {
  'unit:a.test.ts': 1_000,
  'integration:b.test.ts': 30_000,
  'integration:c.test.ts': 12_500,
  'e2e:d.test.ts': 20_000,
};

describe('test durations', () => {
  it('lists the slowest files first, as many as asked', () => {
    expect(formatSlowest(durations, 2).split('\n')).toEqual(['   30.0 s  integration:b.test.ts', '   20.0 s  e2e:d.test.ts']);
  });
  it("adds up each project's files", () => {
    expect(formatProjectTotals(durations).split('\n')).toEqual([
      '   20.0 s  e2e, 1 file',
      '   42.5 s  integration, 2 files',
      '    1.0 s  unit, 1 file',
    ]);
  });
});
