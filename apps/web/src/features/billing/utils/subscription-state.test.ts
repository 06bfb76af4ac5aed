import { describe, expect, it } from 'vitest';

import { checkoutReturnOf, paidChoiceOf, subscriptionStateOf, type TSubscription } from './subscription-state';
import { paidBasicSubscription } from '@/testing/subscriptions';

const subscription = (fields: Partial<TSubscription> = {}): TSubscription => paidBasicSubscription(fields);

describe('subscriptionStateOf', () => {
  it('says active for a paid subscription that renews', () => {
    expect(subscriptionStateOf(subscription())).toEqual({ kind: 'active' });
  });

  it('says when a subscription cancelled at the end of its period ends', () => {
    expect(subscriptionStateOf(subscription({ cancelAtPeriodEnd: true }))).toEqual({ kind: 'endsOn', date: '2026-04-01T12:00:00.000Z' });
  });

  it('says a payment failed, and when, before anything else but an ended subscription', () => {
    const failedAt = '2026-03-02T08:00:00.000Z';
    expect(subscriptionStateOf(subscription({ status: 'past_due', paymentFailedAt: failedAt, cancelAtPeriodEnd: true }))).toEqual({
      kind: 'paymentFailed',
      failedAt,
    });
    expect(subscriptionStateOf(subscription({ status: 'unpaid', paymentFailedAt: null }))).toEqual({
      kind: 'paymentFailed',
      failedAt: null,
    });
    expect(subscriptionStateOf(subscription({ status: 'canceled', paymentFailedAt: failedAt }))).toEqual({ kind: 'ended' });
  });

  it('names the other states of the provider', () => {
    expect(subscriptionStateOf(subscription({ status: 'incomplete' }))).toEqual({ kind: 'incomplete' });
    expect(subscriptionStateOf(subscription({ status: 'paused' }))).toEqual({ kind: 'paused' });
  });
});

describe('paidChoiceOf', () => {
  it('is the plan and interval paid for while the account is on that plan', () => {
    expect(paidChoiceOf(subscription({ interval: 'year' }), 'plan-basic')).toEqual({ planId: 'plan-basic', interval: 'year' });
  });

  it('is none without a subscription, or when the account has left its plan (an ended subscription)', () => {
    expect(paidChoiceOf(null, 'plan-basic')).toBeNull();
    expect(paidChoiceOf(subscription({ status: 'canceled' }), 'plan-starter')).toBeNull();
    expect(paidChoiceOf(subscription(), undefined)).toBeNull();
  });
});

describe('checkoutReturnOf', () => {
  it('reads ?checkout=done and ?checkout=cancelled, and nothing else', () => {
    expect(checkoutReturnOf('done')).toBe('done');
    expect(checkoutReturnOf('cancelled')).toBe('cancelled');
    expect(checkoutReturnOf(null)).toBeNull();
    expect(checkoutReturnOf('paid')).toBeNull();
  });
});
