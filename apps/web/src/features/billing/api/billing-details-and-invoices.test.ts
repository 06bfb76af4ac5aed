import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { berlinBillingProfile } from '@/testing/billing-profile';

import { getInvoices, invoicePdfUrl } from './get-invoices';
import { saveBillingProfile } from './save-billing-profile';

// The app's i18n reads the browser's language and storage at start; the API client needs only these two here.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'fr', t: (key: string) => key } }));

function server(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const requestOf = (fetch: ReturnType<typeof server>) => fetch.mock.calls[0] as unknown as [string, RequestInit];

afterEach(() => {
  vi.unstubAllGlobals();
});

const details = berlinBillingProfile();

describe('the billing details (saveBillingProfile)', () => {
  it('puts the details and reads back the profile as stored', async () => {
    const fetch = server(200, { profile: details });
    expect(await saveBillingProfile(details)).toEqual({ profile: details });
    const [path, init] = requestOf(fetch);
    expect(path).toBe('/api/billing/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual(details);
  });

  it("keeps the server's refusal of the tax id, field and translated text, for the form to show beside it", async () => {
    const message = "Ce numéro d'identification fiscale n'a pas le format du pays choisi.";
    server(400, { error: { type: 'invalid_request', code: 'validation.taxId', message, issues: [{ path: 'body.taxId', message }] } });
    const refused = saveBillingProfile({ ...details, taxId: 'DE1' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 400, issues: [{ path: 'body.taxId', message }] });
  });
});

describe('the invoices (getInvoices)', () => {
  const invoice = {
    id: 'in_1',
    number: 'SIM-0001',
    issuedAt: '2026-11-15T10:00:00.000Z',
    periodStart: '2026-11-15T10:00:00.000Z',
    periodEnd: '2027-11-15T10:00:00.000Z',
    status: 'paid',
    currency: 'USD',
    total: 19000,
    amountPaid: 19000,
    amountDue: 0,
  };

  it('asks for the first page, then the page after the last invoice shown', async () => {
    let fetch = server(200, { invoices: [invoice], nextAfter: 'in_1' });
    expect(await getInvoices(null)).toEqual({ invoices: [invoice], nextAfter: 'in_1' });
    expect(requestOf(fetch)[0]).toBe('/api/billing/invoices');
    vi.unstubAllGlobals();
    fetch = server(200, { invoices: [], nextAfter: null });
    await getInvoices('in_1');
    expect(requestOf(fetch)[0]).toBe('/api/billing/invoices?after=in_1');
  });

  it('refuses an answer that is not the contract (an unknown status)', async () => {
    server(200, { invoices: [{ ...invoice, status: 'lost' }], nextAfter: null });
    await expect(getInvoices(null)).rejects.toThrow();
  });

  it("downloads Faxline's PDF from the invoice's own address", () => {
    expect(invoicePdfUrl('in_1')).toBe('/api/billing/invoices/in_1/pdf');
  });
});
