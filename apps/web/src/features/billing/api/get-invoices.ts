import { ZInvoiceListResponse, type TInvoiceListResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/billing/invoices: the account's invoices, newest first, the page after `after` (the first without it). */
export function getInvoices(after: string | null): Promise<TInvoiceListResponse> {
  return apiGet(after ? `/billing/invoices?${new URLSearchParams({ after }).toString()}` : '/billing/invoices', ZInvoiceListResponse);
}

export const invoicesQueryOptions = (after: string | null) =>
  queryOptions({
    queryKey: ['billing', 'invoices', after] as const,
    queryFn: () => getInvoices(after),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useInvoices(after: string | null) {
  return useQuery(invoicesQueryOptions(after));
}

/** Where the browser downloads Faxline's PDF of an invoice (the session cookie goes with it). */
export function invoicePdfUrl(invoiceId: string): string {
  return `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}
