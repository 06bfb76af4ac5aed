import type { TPlan } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { planPrice, yearlyMonthlyPriceCents } from './plan-prices';

const basic = { monthlyPriceCents: 999, yearlyMonthlyPriceCents: 799, currency: 'USD' } satisfies Partial<TPlan>;
const enterprise = { monthlyPriceCents: null, yearlyMonthlyPriceCents: null, currency: 'USD' } satisfies Partial<TPlan>;
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('planPrice', () => {
  it('shows the monthly price when paying monthly, with no yearly amount', () => {
    const price = planPrice(basic, 'month', 'en');
    expect(price).toEqual({ kind: 'fixed', perMonth: '$9.99', perYear: null });
  });

  it('shows the monthly price when paying yearly and the amount charged per year', () => {
    expect(planPrice(basic, 'year', 'en')).toEqual({ kind: 'fixed', perMonth: '$7.99', perYear: '$95.88' });
  });

  it('formats in the active language', () => {
    const es = planPrice(basic, 'year', 'es');
    const fr = planPrice(basic, 'month', 'fr');
    expect(es.kind === 'fixed' && [plain(es.perMonth), plain(es.perYear)]).toEqual(['7,99 US$', '95,88 US$']);
    expect(fr.kind === 'fixed' && plain(fr.perMonth)).toBe('9,99 $US');
  });

  it('has no price for a plan priced on request', () => {
    expect(planPrice(enterprise, 'month', 'en')).toEqual({ kind: 'custom' });
    expect(planPrice(enterprise, 'year', 'fr')).toEqual({ kind: 'custom' });
  });
});

describe('yearlyMonthlyPriceCents', () => {
  it('takes the catalogue’s yearly price when there is one', () => {
    expect(yearlyMonthlyPriceCents({ monthlyPriceCents: 1999, yearlyMonthlyPriceCents: 1599 })).toBe(1599);
  });

  it('otherwise saves the advertised 20%, rounded to the cent', () => {
    expect(yearlyMonthlyPriceCents({ monthlyPriceCents: 1495, yearlyMonthlyPriceCents: null })).toBe(1196);
    expect(yearlyMonthlyPriceCents({ monthlyPriceCents: null, yearlyMonthlyPriceCents: null })).toBeNull();
  });
});
