import { z } from 'zod';
import { singleLineText } from '../text';

/** An invoice's states, as Stripe names them (drafts are not shown: they are not invoices yet). */
export const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Invoices per page of GET /api/billing/invoices. */
export const INVOICES_PER_PAGE = 10;

/** A provider's invoice id, as it travels in a path or a cursor. */
export const ZInvoiceId = z
  .string()
  .min(1)
  .max(100)
  .check(singleLineText)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invoiceId' });

/** GET /api/billing/invoices?after=…: the page after the invoice `after` (the first page without it). */
export const ZInvoiceListQuery = z.object({ after: ZInvoiceId.optional() });
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

/** One invoice as listed: amounts in the currency's smallest unit (cents), as the provider gives them. */
export const ZInvoiceSummary = z.object({
  id: ZInvoiceId,
  number: z.string().nullable(),
  issuedAt: z.iso.datetime(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  status: z.enum(INVOICE_STATUSES),
  /** ISO 4217, upper case. */
  currency: z.string().length(3),
  total: z.number().int(),
  amountPaid: z.number().int(),
  amountDue: z.number().int(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** Newest first; `nextAfter` is the `after` of the next page, null on the last. */
export const ZInvoiceListResponse = z.object({ invoices: z.array(ZInvoiceSummary), nextAfter: ZInvoiceId.nullable() });
export type TInvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

/** GET /api/billing/invoices/:id/pdf */
export const ZInvoiceParams = z.object({ id: ZInvoiceId });
