import { SUBSCRIPTION_STATUSES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { chargeTermsFrom } from './overage';

const plan = { cents: 5, currency: 'EUR' };
const subscription = { subscriptionId: 'sub_1', status: 'active', provider: 'stripe' };

describe('chargeTermsFrom', () => {
  it("bills pages beyond the plan at the plan's price only on a subscription whose next invoice will come", () => {
    expect(chargeTermsFrom({ ...plan, ...subscription })).toEqual({ currency: 'EUR', invoiced: true, overageCents: 5 });
    const invoiced = SUBSCRIPTION_STATUSES.filter((status) => chargeTermsFrom({ ...plan, ...subscription, status }).invoiced);
    expect(invoiced).toEqual(['active', 'past_due']);
  });

  it('has no invoice to bill on at a provider that adds no charge to the next payment (PayPal, decision 095)', () => {
    expect(chargeTermsFrom({ ...plan, ...subscription, provider: 'paypal' })).toEqual({
      currency: 'EUR',
      invoiced: false,
      overageCents: null,
    });
  });

  it('refuses pages beyond the plan without a subscription, and without a plan counts in dollars', () => {
    const none = { subscriptionId: null, status: null, provider: null };
    expect(chargeTermsFrom({ ...plan, ...none })).toEqual({ currency: 'EUR', invoiced: false, overageCents: null });
    expect(chargeTermsFrom({ cents: null, currency: null, ...none })).toEqual({ currency: 'USD', invoiced: false, overageCents: null });
    expect(chargeTermsFrom(undefined)).toEqual({ currency: 'USD', invoiced: false, overageCents: null });
  });
});
