import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

let kit: Kit;
let plans: Plans;

useKitWithPlans('all', (started) => ({ kit, plans } = started));

describe("a customer's billing details and tax ids, through the official package", () => {
  it('adds, lists, retrieves and deletes tax ids, each with its event, and refuses a type Stripe does not have', async () => {
    const customer = await kit.stripe.customers.create({ email: 'ada@example.com', name: 'Analytical Engines Ltd' });
    const created = await kit.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
    expect(created).toMatchObject({ object: 'tax_id', customer: customer.id, type: 'eu_vat', value: 'DE123456789', country: 'DE' });
    expect(created.id).toMatch(/^txi_/);
    expect(await kit.stripe.customers.retrieveTaxId(customer.id, created.id)).toEqual(created);
    expect((await kit.stripe.customers.listTaxIds(customer.id)).data.map((taxId) => taxId.id)).toEqual([created.id]);

    const other = await kit.stripe.customers.create({ email: 'grace@example.com' });
    await expect(kit.stripe.customers.retrieveTaxId(other.id, created.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });

    expect(await kit.stripe.customers.deleteTaxId(customer.id, created.id)).toEqual({ id: created.id, object: 'tax_id', deleted: true });
    expect((await kit.stripe.customers.listTaxIds(customer.id)).data).toEqual([]);
    await expect(kit.stripe.customers.deleteTaxId(customer.id, created.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    await expect(
      kit.stripe.customers.createTaxId(customer.id, { type: 'xx_nothing' as Stripe.CustomerCreateTaxIdParams.Type, value: '1' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'type' });

    const types = (await kit.verifiedEvents()).map((event) => event.type);
    expect(types).toContain('customer.tax_id.created');
    expect(types).toContain('customer.tax_id.deleted');
  });

  it("puts the customer's name, address and tax ids on the invoice as they are when it is made", async () => {
    const customer = await kit.stripe.customers.create({ email: 'ada@example.com' });
    await kit.stripe.customers.update(customer.id, {
      name: 'Analytical Engines Ltd',
      address: { line1: '12 St James Square', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
    });
    await kit.stripe.customers.createTaxId(customer.id, { type: 'gb_vat', value: 'GB123456789' });
    const session = await subscribe(kit, plans.monthly, { customer: customer.id, customer_email: undefined });
    const invoice = (session.subscription as Stripe.Subscription).latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      customer_name: 'Analytical Engines Ltd',
      customer_address: { line1: '12 St James Square', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
      customer_tax_ids: [{ type: 'gb_vat', value: 'GB123456789' }],
    });

    // A later change reaches the next invoice, not this one.
    const [taxId] = (await kit.stripe.customers.listTaxIds(customer.id)).data;
    await kit.stripe.customers.deleteTaxId(customer.id, taxId!.id);
    expect((await kit.stripe.invoices.retrieve(invoice.id)).customer_tax_ids).toEqual([{ type: 'gb_vat', value: 'GB123456789' }]);
  });
});
