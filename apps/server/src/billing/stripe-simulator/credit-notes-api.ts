import { invalidParam, missingParam } from './errors';
import { recordEvent, recordUpdate, snapshot } from './events';
import { newId } from './ids';
import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';
import type { Store } from './store';
import { listOf, type CreditNote } from './wire';

const REASONS = ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory'] as const;

/**
 * A credit note on a paid invoice (`type: post_payment`), for `amount` in all: the part `refund_amount` goes back to
 * the card, `out_of_band_amount` was settled elsewhere, and the rest (`credit_amount`, by default) goes to the
 * customer's balance. As on Stripe, the parts must add up to the amount, and the credit notes of an invoice may not
 * exceed what was paid on it.
 */
function createCreditNote(store: Store, params: param.Params): CreditNote {
  param.rejectUnknownParams(params, [
    'invoice',
    'amount',
    'refund_amount',
    'credit_amount',
    'out_of_band_amount',
    'reason',
    'memo',
    'metadata',
    'lines',
    'expand',
  ]);
  if (params.lines !== undefined) throw invalidParam('lines', 'The Stripe simulator makes credit notes for an amount, not by lines.');
  const invoice = store.invoices.find(param.requiredString(params, 'invoice'), 'invoice');
  if (invoice.status !== 'paid')
    throw invalidParam('invoice', `The Stripe simulator credits paid invoices only; this one is ${invoice.status}.`);
  const amount = param.optionalInteger(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount <= 0) throw invalidParam('amount', 'Invalid positive integer');
  const refund = param.optionalInteger(params, 'refund_amount') ?? 0;
  const outOfBand = param.optionalInteger(params, 'out_of_band_amount') ?? 0;
  const creditGiven = param.optionalInteger(params, 'credit_amount');
  const credit = creditGiven ?? amount - refund - outOfBand;
  if (refund < 0 || outOfBand < 0 || credit < 0 || refund + outOfBand + credit !== amount) {
    throw invalidParam(
      'amount',
      `The sum of credit amount, refund amount and out of band amount (${refund + outOfBand + credit}) must equal the credit note amount (${amount}).`,
    );
  }
  const creditable = invoice.amount_paid - invoice.post_payment_credit_notes_amount;
  if (amount > creditable) {
    throw invalidParam(
      'amount',
      `The credit note amount (${amount}) exceeds the amount remaining to be credited on invoice ${invoice.id} (${creditable}).`,
    );
  }

  const id = newId('cn_');
  const count = store.creditNotes.all().filter((note) => note.invoice === invoice.id).length + 1;
  const customerId = invoice.customer as string;
  const now = store.clock.seconds();
  const note: CreditNote = {
    id,
    object: 'credit_note',
    amount,
    amount_shipping: 0,
    created: now,
    currency: invoice.currency,
    customer: customerId,
    customer_account: null,
    customer_balance_transaction: credit > 0 ? newId('cbtxn_') : null,
    discount_amount: 0,
    discount_amounts: [],
    effective_at: now,
    invoice: invoice.id,
    lines: listOf([], `/v1/credit_notes/${id}/lines`),
    livemode: false,
    memo: param.optionalString(params, 'memo') ?? null,
    metadata: param.mergedMetadata({}, params),
    number: `${invoice.number ?? invoice.id}-CN-${String(count).padStart(2, '0')}`,
    out_of_band_amount: outOfBand > 0 ? outOfBand : null,
    pdf: `${store.publicUrl}/credit_note/${id}/pdf`,
    post_payment_amount: amount,
    pre_payment_amount: 0,
    pretax_credit_amounts: [],
    reason: param.oneOf(param.optionalString(params, 'reason'), REASONS, 'reason') ?? null,
    refunds: refund > 0 ? [{ amount_refunded: refund, payment_record_refund: null, refund: newId('re_'), type: 'refund' }] : [],
    shipping_cost: null,
    status: 'issued',
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_excluding_tax: amount,
    total_taxes: [],
    type: 'post_payment',
    voided_at: null,
  };
  store.creditNotes.add(note);

  const invoiceBefore = snapshot(invoice);
  invoice.post_payment_credit_notes_amount += amount;
  if (credit > 0) {
    const customer = store.customers.find(customerId, 'customer');
    const customerBefore = snapshot(customer);
    // A customer's balance is what they owe: a credit makes it negative, and it is what later invoices draw on.
    customer.balance -= credit;
    recordUpdate(store, 'customer.updated', customerBefore, customer);
  }
  recordEvent(store, 'credit_note.created', note);
  recordUpdate(store, 'invoice.updated', invoiceBefore, invoice);
  return note;
}

/** Credit notes: `/v1/credit_notes` (create, retrieve, list by `invoice` or `customer`). */
export const creditNoteRoutes: ApiRoute[] = [
  route('POST', '/v1/credit_notes', ({ store, params }) => createCreditNote(store, params)),
  route('GET', '/v1/credit_notes/:id', ({ store, path }) => store.creditNotes.find(path.id!)),
  route('GET', '/v1/credit_notes', ({ store, params }) => {
    const invoice = param.optionalString(params, 'invoice');
    const customer = param.optionalString(params, 'customer');
    const notes = store.creditNotes
      .all()
      .filter((note) => invoice === undefined || note.invoice === invoice)
      .filter((note) => customer === undefined || note.customer === customer);
    return pageOf(notes, params, '/v1/credit_notes');
  }),
];
