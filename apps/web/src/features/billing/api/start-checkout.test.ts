import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { checkOut } from './start-checkout';

// The app's i18n reads the browser's language and storage at start; the API client needs only these two here.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

/** The browser's fetch answering `status` with `body`, and its location, watched. */
function browser(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  const assign = vi.fn();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', { location: { assign } });
  return { fetch, assign };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Choose (checkOut)', () => {
  it('asks the server for a payment page for the plan and interval chosen, and sends the browser there', async () => {
    const url = 'https://checkout.stripe.test/c/pay/cs_test_1';
    const { fetch, assign } = browser(200, { url });
    await checkOut({ planId: 'plan-basic', interval: 'year' });
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/billing/checkout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ planId: 'plan-basic', interval: 'year' });
    expect(assign).toHaveBeenCalledWith(url);
  });

  it("stays on the page with the server's own words when it refuses", async () => {
    const { assign } = browser(404, {
      error: {
        type: 'not_found',
        code: 'errors.planNotForSale',
        message: 'This plan cannot be bought online. Choose another plan or contact sales.',
      },
    });
    const refused = checkOut({ planId: 'plan-enterprise', interval: 'month' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow('This plan cannot be bought online. Choose another plan or contact sales.');
    expect(assign).not.toHaveBeenCalled();
  });
});
