import type { TBillingResponse } from '@faxline/shared';

type TSubscription = NonNullable<TBillingResponse['subscription']>;

/** A paid Basic subscription, monthly through Stripe, in its March 2026 period: the billing tests' starting point. */
export function paidBasicSubscription(fields: Partial<TSubscription> = {}): TSubscription {
  return {
    provider: 'stripe',
    planId: 'plan-basic',
    interval: 'month',
    status: 'active',
    currentPeriodStart: '2026-03-01T12:00:00.000Z',
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    paymentFailedAt: null,
    scheduledChange: null,
    ...fields,
  };
}
