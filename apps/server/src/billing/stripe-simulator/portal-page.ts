import { formatDay, formatMoney } from './money';
import { escapeHtml, linkTo, pageHtml } from './page-shell';
import type { Store } from './store';
import type { PortalSession } from './wire';

export const USE_CARD_THAT_PAYS = 'Use test card 4242';
export const USE_CARD_THAT_DECLINES = 'Use a card that is declined (4000 0000 0000 0341)';

/** What the page says after the person replaced their card, from the `?updated=` of the redirect. */
export function portalNotice(outcome: string | null, paidInvoices: number): string | null {
  if (outcome === 'succeed') {
    return paidInvoices > 0 ? `Card updated to test card 4242. ${paidInvoices} open invoice(s) paid.` : 'Card updated to test card 4242.';
  }
  if (outcome === 'decline') return 'Card updated to test card 4000 0000 0000 0341: the next charge will be declined.';
  return null;
}

/** The hosted billing portal of a session: the saved card and how to replace it, the subscriptions, the invoices. */
export function portalPage(store: Store, session: PortalSession, notice: string | null): string {
  const customer = store.customers.find(session.customer);
  const cardId = customer.invoice_settings.default_payment_method ?? latestCardOf(store, customer.id);
  const card = cardId ? store.paymentMethods.get(String(cardId)) : undefined;
  const subscriptions = store.subscriptions.all().filter((subscription) => subscription.customer === customer.id);
  const invoices = store.invoices
    .all()
    .filter((invoice) => invoice.customer === customer.id)
    .reverse();
  const body = `
<h1>Billing portal</h1>
<p>Signed in as <strong>${escapeHtml(customer.email ?? customer.id)}</strong></p>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<section class="card" aria-labelledby="card-heading">
  <h2 id="card-heading">Payment method</h2>
  <p>${card?.card ? `Visa ending in ${escapeHtml(card.card.last4)}` : 'No card saved'}</p>
  <form method="post" action="/portal/${escapeHtml(session.id)}/card">
    <button class="pay" type="submit" name="outcome" value="succeed">${escapeHtml(USE_CARD_THAT_PAYS)}</button>
    <button class="decline" type="submit" name="outcome" value="decline">${escapeHtml(USE_CARD_THAT_DECLINES)}</button>
  </form>
</section>
<section class="card" aria-labelledby="subscriptions-heading">
  <h2 id="subscriptions-heading">Subscriptions</h2>
  ${subscriptions.length === 0 ? '<p>No subscriptions.</p>' : `<ul>${subscriptions.map((subscription) => `<li>${subscriptionSummary(store, subscription.id)}</li>`).join('')}</ul>`}
</section>
<section class="card" aria-labelledby="invoices-heading">
  <h2 id="invoices-heading">Invoices</h2>
  ${
    invoices.length === 0
      ? '<p>No invoices.</p>'
      : `<table><caption class="visually-hidden">Invoices, newest first</caption><thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col" class="amount">Total</th></tr></thead><tbody>${invoices
          .map(
            (invoice) =>
              `<tr><td><a href="${escapeHtml(invoice.hosted_invoice_url ?? '#')}">${escapeHtml(invoice.number ?? invoice.id)}</a></td><td>${escapeHtml(formatDay(invoice.created))}</td><td>${escapeHtml(invoice.status ?? '')}</td><td class="amount">${escapeHtml(formatMoney(invoice.total, invoice.currency))}</td></tr>`,
          )
          .join('')}</tbody></table>`
  }
</section>
${linkTo(session.return_url, 'Return to the app')}`;
  return pageHtml('Billing portal', body);
}

function latestCardOf(store: Store, customerId: string): string | null {
  return store.paymentMethods.all().findLast((card) => card.customer === customerId)?.id ?? null;
}

function subscriptionSummary(store: Store, subscriptionId: string): string {
  const subscription = store.subscriptions.find(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) return escapeHtml(subscription.id);
  const product = store.products.get(String(item.price.product));
  const price = `${formatMoney(item.price.unit_amount ?? 0, item.price.currency)} per ${item.price.recurring?.interval ?? 'month'}`;
  const when =
    subscription.status === 'canceled'
      ? `ended ${formatDay(subscription.ended_at ?? item.current_period_end)}`
      : `${subscription.cancel_at_period_end ? 'ends' : 'renews'} ${formatDay(item.current_period_end)}`;
  return escapeHtml(`${product?.name ?? item.price.id}: ${price}, ${subscription.status}, ${when}`);
}
