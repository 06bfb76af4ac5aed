import type { TBillingResponse } from '@faxline/shared';
import type { Query } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { billingQueryOptions, CONFIRMATION_POLL_MS } from './get-billing';
import { paidBasicSubscription } from '@/testing/subscriptions';

// The API client reads the app's i18n, which reads the browser at start.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const subscription: TBillingResponse['subscription'] = paidBasicSubscription();

/** How long the billing query waits before asking again, with `data` as its last answer. */
function nextAsk(awaitSubscription: boolean, data: TBillingResponse | undefined) {
  const interval = billingQueryOptions({ awaitSubscription }).refetchInterval;
  if (typeof interval !== 'function') throw new Error('refetchInterval is not a function');
  return interval({ state: { data } } as Query<TBillingResponse, Error, TBillingResponse, readonly ['billing']>);
}

describe('billingQueryOptions', () => {
  it('asks again every 2 s while a payment waits for its confirmation and no subscription shows', () => {
    expect(CONFIRMATION_POLL_MS).toBe(2_000);
    expect(nextAsk(true, undefined)).toBe(CONFIRMATION_POLL_MS);
    expect(nextAsk(true, { enabled: true, testMode: true, providers: ['stripe'], offers: null, subscription: null })).toBe(
      CONFIRMATION_POLL_MS,
    );
  });

  it('stops once the subscription shows, and does not ask again on its own otherwise', () => {
    expect(nextAsk(true, { enabled: true, testMode: true, providers: ['stripe'], offers: null, subscription })).toBe(false);
    expect(nextAsk(false, { enabled: true, testMode: false, providers: ['stripe'], offers: null, subscription: null })).toBe(false);
  });
});
