import { termsOf } from './checkout';
import { formatMoney } from './money';
import { escapeHtml, linkTo, pageHtml } from './page-shell';
import type { Store } from './store';
import type { CheckoutSession } from './wire';

/** Why the page is shown again after a try, from the `?error=` of the redirect. */
export const CHECKOUT_ERRORS: Record<string, string> = {
  declined: 'Your card was declined (test card 4000 0000 0000 0341). No subscription was made; try the card that pays.',
  email: 'Enter an email address to subscribe.',
};

export const PAY_WITH_CARD_THAT_PAYS = 'Pay with test card 4242';
export const PAY_WITH_CARD_THAT_DECLINES = 'Pay with a card that is declined (4000 0000 0000 0341)';

/** The hosted Checkout page of a session: what it sells, and the two test cards. */
export function checkoutPage(store: Store, session: CheckoutSession, errorKey: string | null): string {
  if (session.status === 'complete') {
    return pageHtml(
      'Payment complete',
      `<h1>Payment complete</h1>${linkTo(session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 'Continue')}`,
    );
  }
  if (session.status === 'expired') {
    return pageHtml('Checkout expired', `<h1>This checkout has expired</h1>${linkTo(session.cancel_url, 'Go back')}`);
  }
  const { price, quantity } = termsOf(store, session);
  const product = store.products.get(String(price.product));
  const currency = session.currency ?? price.currency;
  const perInterval = `per ${price.recurring?.interval ?? 'month'}`;
  const error = errorKey ? CHECKOUT_ERRORS[errorKey] : undefined;
  const discount = session.total_details?.amount_discount ?? 0;
  const body = `
<h1>Subscribe to ${escapeHtml(product?.name ?? price.id)}</h1>
<section class="card" aria-labelledby="plan-heading">
  <h2 id="plan-heading">Your plan</h2>
  <p class="price">${escapeHtml(formatMoney((price.unit_amount ?? 0) * quantity, currency))} ${escapeHtml(perInterval)}</p>
  ${quantity > 1 ? `<p>${quantity} × ${escapeHtml(formatMoney(price.unit_amount ?? 0, currency))}</p>` : ''}
  ${discount > 0 ? `<p>Discount: −${escapeHtml(formatMoney(discount, currency))}</p>` : ''}
  <p>Due today: <strong>${escapeHtml(formatMoney(session.amount_total ?? 0, currency))}</strong></p>
</section>
${error ? `<p role="alert" id="checkout-error">${escapeHtml(error)}</p>` : ''}
<form class="card" method="post" action="/checkout/${escapeHtml(session.id)}/pay"${error ? ' aria-describedby="checkout-error"' : ''}>
  <h2>Payment</h2>
  ${emailField(store, session)}
  <label for="name">Name on card</label>
  <input id="name" name="name" type="text" autocomplete="cc-name">
  <button class="pay" type="submit" name="outcome" value="succeed">${escapeHtml(PAY_WITH_CARD_THAT_PAYS)}</button>
  <button class="decline" type="submit" name="outcome" value="decline">${escapeHtml(PAY_WITH_CARD_THAT_DECLINES)}</button>
</form>
${linkTo(session.cancel_url, 'Cancel and go back')}`;
  return pageHtml(`Subscribe to ${product?.name ?? price.id}`, body);
}

function emailField(store: Store, session: CheckoutSession): string {
  if (session.customer) {
    const customer = store.customers.get(String(session.customer));
    return `<p>Paying as <strong>${escapeHtml(customer?.email ?? String(session.customer))}</strong></p>`;
  }
  const fixed = session.customer_email;
  return `<label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required${fixed ? ` value="${escapeHtml(fixed)}" readonly` : ''}>`;
}
