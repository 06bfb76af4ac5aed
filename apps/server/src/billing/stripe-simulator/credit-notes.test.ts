import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

// Credit notes on a paid invoice as the back office's refunds use them (decision 091), only through the `stripe` package.
let kit: Kit;
let plans: Plans;

useKitWithPlans('each', (started) => ({ kit, plans } = started));

async function paidInvoice(): Promise<Stripe.Invoice> {
  const session = await subscribe(kit, plans.yearly);
  const subscription = session.subscription as Stripe.Subscription;
  return kit.stripe.invoices.retrieve((subscription.latest_invoice as Stripe.Invoice).id!);
}

describe('credit notes', () => {
  it('a refund and a credit on a paid invoice add up on it, list by invoice, and the customer keeps the credit', async () => {
    const invoice = await paidInvoice();
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 19_000, post_payment_credit_notes_amount: 0 });

    const refund = await kit.stripe.creditNotes.create({
      invoice: invoice.id!,
      amount: 5_000,
      refund_amount: 5_000,
      reason: 'product_unsatisfactory',
      memo: 'Faxes lost in March',
    });
    expect(refund).toMatchObject({
      object: 'credit_note',
      invoice: invoice.id,
      amount: 5_000,
      total: 5_000,
      status: 'issued',
      type: 'post_payment',
      post_payment_amount: 5_000,
      memo: 'Faxes lost in March',
      number: `${invoice.number}-CN-01`,
      customer_balance_transaction: null,
    });
    expect(refund.refunds).toEqual([expect.objectContaining({ amount_refunded: 5_000, type: 'refund' })]);
    expect(refund.refunds[0]!.refund).toMatch(/^re_/);

    const credit = await kit.stripe.creditNotes.create({ invoice: invoice.id!, amount: 1_000 });
    expect(credit).toMatchObject({ amount: 1_000, refunds: [], number: `${invoice.number}-CN-02` });
    expect(credit.customer_balance_transaction).toMatch(/^cbtxn_/);
    expect(await kit.stripe.customers.retrieve(invoice.customer as string)).toMatchObject({ balance: -1_000 });

    expect(await kit.stripe.invoices.retrieve(invoice.id!)).toMatchObject({ post_payment_credit_notes_amount: 6_000 });
    const listed = await kit.stripe.creditNotes.list({ invoice: invoice.id! });
    expect(listed.data.map((note) => note.id)).toEqual([credit.id, refund.id]);
    expect(await kit.stripe.creditNotes.retrieve(refund.id)).toEqual(refund);
    const events = (await kit.verifiedEvents()).filter((event) => event.type === 'credit_note.created');
    expect(events.map((event) => (event.data.object as Stripe.CreditNote).id)).toEqual([refund.id, credit.id]);
  });

  it('refuses more than is left to credit, parts that do not add up, and an unknown invoice, changing nothing', async () => {
    const invoice = await paidInvoice();
    await kit.stripe.creditNotes.create({ invoice: invoice.id!, amount: 18_000, refund_amount: 18_000 });
    await expect(kit.stripe.creditNotes.create({ invoice: invoice.id!, amount: 1_001, refund_amount: 1_001 })).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      param: 'amount',
    });
    await expect(
      kit.stripe.creditNotes.create({ invoice: invoice.id!, amount: 500, refund_amount: 300, credit_amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    await expect(kit.stripe.creditNotes.create({ invoice: 'in_missing', amount: 1 })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'invoice',
    });
    expect(await kit.stripe.invoices.retrieve(invoice.id!)).toMatchObject({ post_payment_credit_notes_amount: 18_000 });
    expect((await kit.stripe.creditNotes.list({ invoice: invoice.id! })).data).toHaveLength(1);
  });
});
