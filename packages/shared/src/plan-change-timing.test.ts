import { describe, expect, it } from 'vitest';
import { planChangeTimingOf, type TPricedPlanChoice } from './plan-change-timing';

const starter = (interval: TPricedPlanChoice['interval']): TPricedPlanChoice => ({ planId: 'starter', interval, monthlyPriceCents: 1000 });
const pro = (interval: TPricedPlanChoice['interval']): TPricedPlanChoice => ({ planId: 'pro', interval, monthlyPriceCents: 2000 });

describe('planChangeTimingOf', () => {
  it('takes a dearer plan at once, whatever the interval', () => {
    expect(planChangeTimingOf(starter('month'), pro('month'))).toBe('now');
    expect(planChangeTimingOf(starter('year'), pro('month'))).toBe('now');
    expect(planChangeTimingOf(starter('month'), pro('year'))).toBe('now');
  });

  it('moves to a cheaper plan at the end of the period paid for', () => {
    expect(planChangeTimingOf(pro('month'), starter('month'))).toBe('periodEnd');
    expect(planChangeTimingOf(pro('month'), starter('year'))).toBe('periodEnd');
    expect(planChangeTimingOf(pro('year'), starter('month'))).toBe('periodEnd');
  });

  it('takes the same plan yearly at once, and monthly again at the end of the paid year', () => {
    expect(planChangeTimingOf(pro('month'), pro('year'))).toBe('now');
    expect(planChangeTimingOf(pro('year'), pro('month'))).toBe('periodEnd');
  });

  it('is no change for the plan and interval paid for; another plan of one price waits for the period end', () => {
    expect(planChangeTimingOf(pro('month'), pro('month'))).toBeNull();
    expect(planChangeTimingOf(pro('month'), { ...pro('month'), planId: 'pro-hipaa' })).toBe('periodEnd');
  });
});
