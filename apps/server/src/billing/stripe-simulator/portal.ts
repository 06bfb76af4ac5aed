import { attachTestCard, updateCustomer, type TestCard } from './customers';
import { recordUpdate, snapshot } from './events';
import { newId } from './ids';
import { payOpenInvoices } from './invoicing';
import type { Store } from './store';
import type { Invoice, PortalSession } from './wire';

export function createPortalSession(store: Store, customerId: string, returnUrl: string | null): PortalSession {
  store.customers.find(customerId, 'customer');
  const id = newId('bps_');
  return store.portalSessions.add({
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_simulator',
    created: store.clock.seconds(),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${store.publicUrl}/portal/${id}`,
  });
}

/**
 * The person replaces their card in the portal: the new card becomes the default of the customer and of each of their
 * subscriptions. A card that pays then settles the open invoices, as a person fixing a failed payment expects; answers
 * those invoices.
 */
export function replaceCard(store: Store, customerId: string, card: TestCard): Invoice[] {
  const customer = store.customers.find(customerId, 'customer');
  const paymentMethod = attachTestCard(store, customer, card);
  updateCustomer(store, customer, { defaultPaymentMethod: paymentMethod.id });
  for (const subscription of store.subscriptions.all()) {
    if (subscription.customer !== customerId || subscription.status === 'canceled') continue;
    const before = snapshot(subscription);
    subscription.default_payment_method = paymentMethod.id;
    recordUpdate(store, 'customer.subscription.updated', before, subscription);
  }
  return card === 'succeed' ? payOpenInvoices(store, customerId) : [];
}
