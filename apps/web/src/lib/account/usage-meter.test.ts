import { describe, expect, it } from 'vitest';

import { usageMeterOf } from './usage-meter';

const plan = (pagesPerMonth: number | null) => ({ name: 'Business', pagesPerMonth });

describe('usageMeterOf', () => {
  it('sets the pages used against the plan, as a whole percentage', () => {
    expect(usageMeterOf({ plan: plan(150), pagesUsed: 12 })).toEqual({ kind: 'limited', used: 12, limit: 150, percent: 8 });
    expect(usageMeterOf({ plan: plan(150), pagesUsed: 0 })).toEqual({ kind: 'limited', used: 0, limit: 150, percent: 0 });
  });

  it('fills the bar, no further, when the plan is used up or exceeded', () => {
    expect(usageMeterOf({ plan: plan(100), pagesUsed: 100 })).toEqual({ kind: 'limited', used: 100, limit: 100, percent: 100 });
    expect(usageMeterOf({ plan: plan(100), pagesUsed: 130 })).toEqual({ kind: 'limited', used: 130, limit: 100, percent: 100 });
    expect(usageMeterOf({ plan: plan(0), pagesUsed: 0 })).toMatchObject({ percent: 100 });
  });

  it('counts pages alone for a plan without a limit, and without a plan', () => {
    expect(usageMeterOf({ plan: plan(null), pagesUsed: 7 })).toEqual({ kind: 'unlimited', used: 7 });
    expect(usageMeterOf({ plan: null, pagesUsed: 3 })).toEqual({ kind: 'noPlan', used: 3 });
  });
});
