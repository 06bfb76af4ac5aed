import type { TBillingInterval, TBillingResponse } from '@faxline/shared';

export type TSubscription = NonNullable<TBillingResponse['subscription']>;

/** What the page says of a subscription, most pressing first. */
export type TSubscriptionState =
  | { kind: 'active' }
  /** Cancelled, in force until the end of the period paid for. */
  | { kind: 'endsOn'; date: string }
  | { kind: 'paymentFailed'; failedAt: string | null }
  | { kind: 'ended' }
  | { kind: 'incomplete' }
  | { kind: 'paused' };

export function subscriptionStateOf(
  subscription: Pick<TSubscription, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'paymentFailedAt'>,
): TSubscriptionState {
  const { status } = subscription;
  if (status === 'canceled') return { kind: 'ended' };
  if (status === 'past_due' || status === 'unpaid' || subscription.paymentFailedAt)
    return { kind: 'paymentFailed', failedAt: subscription.paymentFailedAt };
  if (status === 'incomplete') return { kind: 'incomplete' };
  if (status === 'paused') return { kind: 'paused' };
  if (subscription.cancelAtPeriodEnd) return { kind: 'endsOn', date: subscription.currentPeriodEnd };
  return { kind: 'active' };
}

export type TPaidChoice = { planId: string; interval: TBillingInterval };

/**
 * The plan and interval the account pays for now, which Choose does not offer again; null when it pays for none. The
 * server moves the account to the subscription's plan only while the subscription is in force, so the account being on
 * that plan is what tells.
 */
export function paidChoiceOf(subscription: TSubscription | null, accountPlanId: string | null | undefined): TPaidChoice | null {
  if (!subscription || subscription.planId !== accountPlanId) return null;
  return { planId: subscription.planId, interval: subscription.interval };
}

export type TCheckoutReturn = 'done' | 'cancelled';

/** The way back from the payment page: /user/billing?checkout=done or ?checkout=cancelled; null for anything else. */
export function checkoutReturnOf(value: string | null): TCheckoutReturn | null {
  return value === 'done' || value === 'cancelled' ? value : null;
}
