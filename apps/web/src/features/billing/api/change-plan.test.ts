import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { cancelSubscription, undoCancellation } from './cancel-subscription';
import { changePlan, dropScheduledChange, previewPlanChange } from './change-plan';
import { getPaymentMethod, openPaymentPortal } from './payment-method';

// The app's i18n reads the browser's language and storage at start; the API client needs only these two here.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

/** The browser's fetch answering `status` with `body` (none for 204), and its location, watched. */
function browser(status: number, body?: unknown) {
  const fetch = vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  const assign = vi.fn();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', { location: { assign } });
  return { fetch, assign };
}

/** The one request made: its path, method and JSON body. */
function sent(fetch: ReturnType<typeof browser>['fetch']) {
  expect(fetch).toHaveBeenCalledOnce();
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return { path, method: init.method, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const preview = {
  timing: 'now',
  amountDueCents: 1999,
  currency: 'USD',
  lines: [
    { description: 'Unused time on Professional', amountCents: -1333 },
    { description: 'Remaining time on Business', amountCents: 3332 },
  ],
  quotedAt: '2026-12-01T10:00:00.000Z',
  startsAt: '2026-12-01T10:00:00.000Z',
};

describe('changing plan', () => {
  it('asks for the preview of a plan and interval, and answers it as the server sent it', async () => {
    const { fetch } = browser(200, preview);
    expect(await previewPlanChange({ planId: 'plan-business', interval: 'month' })).toEqual(preview);
    expect(sent(fetch)).toEqual({
      path: '/api/billing/change/preview',
      method: 'POST',
      body: { planId: 'plan-business', interval: 'month' },
    });
  });

  it('confirms with the amount and moment previewed, so that the charge is the one shown', async () => {
    const { fetch } = browser(204);
    await changePlan({ planId: 'plan-business', interval: 'month', expectedAmountCents: 1999, quotedAt: preview.quotedAt });
    expect(sent(fetch)).toEqual({
      path: '/api/billing/change',
      method: 'POST',
      body: { planId: 'plan-business', interval: 'month', expectedAmountCents: 1999, quotedAt: preview.quotedAt },
    });
  });

  it("fails with the server's own words when the amount has moved (409)", async () => {
    const message = 'The amount due has changed since it was shown. Nothing was charged; look at the change again to see the new amount.';
    browser(409, { error: { type: 'conflict', code: 'errors.planChangeAmountChanged', message } });
    const refused = changePlan({ planId: 'plan-business', interval: 'month', expectedAmountCents: 1, quotedAt: preview.quotedAt });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow(message);
  });

  it('drops the scheduled downgrade with DELETE /api/billing/change', async () => {
    const { fetch } = browser(204);
    await dropScheduledChange();
    expect(sent(fetch)).toEqual({ path: '/api/billing/change', method: 'DELETE', body: undefined });
  });
});

describe('cancelling', () => {
  it('cancels and undoes with one request each, nothing to fill in', async () => {
    const cancel = browser(204);
    await cancelSubscription();
    expect(sent(cancel.fetch)).toEqual({ path: '/api/billing/cancel', method: 'POST', body: undefined });
    vi.unstubAllGlobals();
    const undo = browser(204);
    await undoCancellation();
    expect(sent(undo.fetch)).toEqual({ path: '/api/billing/cancel/undo', method: 'POST', body: undefined });
  });
});

describe('the payment method', () => {
  it('reads the card on file', async () => {
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 };
    const { fetch } = browser(200, { card });
    expect(await getPaymentMethod()).toEqual({ card });
    expect(sent(fetch)).toMatchObject({ path: '/api/billing/payment-method', method: 'GET' });
  });

  it("sends the browser to the provider's portal, and stays when the server refuses", async () => {
    const url = 'https://billing.stripe.test/p/session/bps_1';
    const opened = browser(200, { url });
    await openPaymentPortal();
    expect(sent(opened.fetch)).toEqual({ path: '/api/billing/portal', method: 'POST', body: undefined });
    expect(opened.assign).toHaveBeenCalledWith(url);
    vi.unstubAllGlobals();

    const refused = browser(409, { error: { type: 'conflict', code: 'errors.billingNoSubscription', message: 'No plan.' } });
    await expect(openPaymentPortal()).rejects.toThrow('No plan.');
    expect(refused.assign).not.toHaveBeenCalled();
  });
});
