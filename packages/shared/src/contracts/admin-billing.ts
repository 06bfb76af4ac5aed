import { z } from 'zod';
import { MEMBER_ROLES } from '../member-roles';
import { singleLineText } from '../text';
import { BILLING_INTERVALS, ZSubscriptionState } from './billing';
import { ZInvoiceId, ZInvoiceSummary } from './billing-invoices';

/**
 * The back office's view of one customer account's billing (issue 36 item 8, decision 091): its plan, its subscription
 * as Faxline holds it, its invoices from the provider with their credit notes, a plan granted by an operator, and
 * refunds as credit notes. Amounts are in the currency's smallest unit (cents), as the provider gives them.
 */

const ZAccountId = z.string().min(1).max(100).check(singleLineText);

/** /api/admin/accounts/:accountId/billing… */
export const ZAdminAccountParams = z.object({ accountId: ZAccountId });
export const ZAdminAccountInvoiceParams = z.object({ accountId: ZAccountId, invoiceId: ZInvoiceId });

/** Why an operator changed what a customer pays: required, kept in the audit trail. */
const ZOperatorReason = z
  .string({ error: 'validation.operatorReason' })
  .trim()
  .min(1, { error: 'validation.operatorReason' })
  .max(500, { error: 'validation.operatorReasonTooLong' })
  .check(singleLineText);

/** GET /api/admin/users/:id/account: the account a person belongs to, their role in it and its owner. */
export const ZAdminPersonAccount = z.object({
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      role: z.enum(MEMBER_ROLES),
      owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    })
    .nullable(),
});
export type TAdminPersonAccount = z.infer<typeof ZAdminPersonAccount>;

export const CREDIT_NOTE_KINDS = ['refund', 'credit'] as const;
export type TCreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number];

/** A credit note on an invoice: money sent back to the card (`refund`) or left on the customer's balance (`credit`). */
export const ZAdminCreditNote = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.iso.datetime(),
  amount: z.number().int(),
  refundAmount: z.number().int(),
  creditAmount: z.number().int(),
  memo: z.string().nullable(),
});
export type TAdminCreditNote = z.infer<typeof ZAdminCreditNote>;

export const ZAdminInvoice = ZInvoiceSummary.extend({
  creditNotes: z.array(ZAdminCreditNote),
  /** What may still be credited: the amount paid less the credit notes already issued (0 for an unpaid invoice). */
  creditable: z.number().int(),
});
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;

/** GET /api/admin/accounts/:accountId/billing?after=…: the account, its plan, its subscription and a page of invoices. */
export const ZAdminAccountBillingQuery = z.object({ after: ZInvoiceId.optional() });

export const ZAdminAccountBilling = z.object({
  account: z.object({
    id: z.string(),
    name: z.string(),
    owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  }),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Payments are off here: plans are only granted in the back office. */
  billingEnabled: z.boolean(),
  testMode: z.boolean(),
  subscription: ZSubscriptionState.extend({
    provider: z.string(),
    customerId: z.string(),
    subscriptionId: z.string(),
    planId: z.string(),
    planName: z.string(),
    interval: z.enum(BILLING_INTERVALS),
    scheduledChange: z
      .object({ planId: z.string(), planName: z.string(), interval: z.enum(BILLING_INTERVALS), startsAt: z.iso.datetime() })
      .nullable(),
  }).nullable(),
  invoices: z.array(ZAdminInvoice),
  nextAfter: ZInvoiceId.nullable(),
});
export type TAdminAccountBilling = z.infer<typeof ZAdminAccountBilling>;

/** POST /api/admin/accounts/:accountId/billing/plan: an operator puts an account that pays for nothing on a plan. */
export const ZAdminGrantPlanRequest = z.object({
  planId: z.string().min(1).max(100).check(singleLineText),
  reason: ZOperatorReason,
});
export type TAdminGrantPlanRequest = z.infer<typeof ZAdminGrantPlanRequest>;

/** POST /api/admin/accounts/:accountId/billing/invoices/:invoiceId/credit-notes: all or part of a paid invoice. */
export const ZAdminCreditNoteRequest = z.object({
  amountCents: z
    .number({ error: 'validation.creditAmount' })
    .int({ error: 'validation.creditAmount' })
    .min(1, { error: 'validation.creditAmount' }),
  kind: z.enum(CREDIT_NOTE_KINDS),
  reason: ZOperatorReason,
});
export type TAdminCreditNoteRequest = z.infer<typeof ZAdminCreditNoteRequest>;
