import { describe, expect, it } from 'vitest';

import { formatPercent, promotionOffer } from './promotion-terms';
import { yearlySaving } from './yearly-saving';

const plan = (monthlyPriceCents: number | null, yearlyMonthlyPriceCents: number | null) => ({ monthlyPriceCents, yearlyMonthlyPriceCents });

describe('yearlySaving', () => {
  it('is what every plan saves when they all save the same', () => {
    expect(yearlySaving([plan(1000, 800), plan(2500, 2000), plan(null, null)])).toEqual({ share: 0.2, upTo: false });
  });

  it('is "up to" the largest when plans save different amounts, rounded down, never more than is true', () => {
    expect(yearlySaving([plan(1000, 800), plan(999, 749)])).toEqual({ share: 0.25, upTo: true });
    expect(yearlySaving([plan(1999, 1600)])).toEqual({ share: 0.19, upTo: false });
  });

  it('is null when no plan costs less yearly: no text then offers a saving', () => {
    expect(yearlySaving([plan(1000, 1000), plan(null, null)])).toBeNull();
    expect(yearlySaving([])).toBeNull();
  });

  it('counts a plan without a yearly price at the 20% its card shows', () => {
    expect(yearlySaving([plan(1000, null)])).toEqual({ share: 0.2, upTo: false });
  });
});

describe('promotionOffer', () => {
  it('writes a percentage or an amount in the reader’s language', () => {
    expect(promotionOffer({ percentOff: 20, amountOffCents: null, currency: 'USD' }, 'en')).toBe('20%');
    expect(promotionOffer({ percentOff: 20, amountOffCents: null, currency: 'USD' }, 'fr')).toBe(formatPercent(0.2, 'fr'));
    expect(promotionOffer({ percentOff: null, amountOffCents: 1050, currency: 'USD' }, 'es')).toBe('10,50\u00a0US$');
  });
});
