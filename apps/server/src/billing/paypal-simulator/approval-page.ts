import { escapeHtml } from '../stripe-simulator/page-shell';
import type { Store } from './store';
import type { PayPalSubscription } from './wire';

/** The words on the page, so that nobody mistakes the simulator for PayPal or an approval for a real payment. */
export const PAYPAL_SIMULATOR_NOTICE = 'PayPal simulator — test mode, no real payment';
export const APPROVE_BUTTON = 'Agree and subscribe';
export const CANCEL_BUTTON = 'Cancel and return';

const STYLE = `
  :root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f5f7fa; }
  main { max-width: 32rem; margin: 0 auto; padding: 1.5rem; }
  .notice { background: #fff4ce; border: 2px solid #8a6d00; border-radius: 0.5rem; padding: 0.75rem 1rem; font-weight: 600; }
  .card { background: #fff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  button { display: block; width: 100%; font: inherit; font-weight: 600; padding: 0.75rem; margin-top: 0.75rem; border-radius: 1.5rem; border: 2px solid #003087; cursor: pointer; }
  button.approve { background: #003087; color: #fff; }
  button.cancel { background: #fff; color: #003087; }
  :focus-visible { outline: 3px solid #b3261e; outline-offset: 3px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · PayPal simulator</title><style>${STYLE}</style></head>
<body><main>
<p class="notice">${escapeHtml(PAYPAL_SIMULATOR_NOTICE)}</p>
${body}
</main></body>
</html>
`;
}

/** The page a payer approves a subscription on: the plan, its price per cycle, approve or cancel. */
export function approvalPage(store: Store, subscription: PayPalSubscription, token: string): string {
  if (subscription.status !== 'APPROVAL_PENDING') {
    return page('Subscription already handled', `<h1>This subscription is no longer waiting for approval</h1>`);
  }
  const plan = store.plan(subscription.plan_id);
  const cycle = plan.billing_cycles[0]!;
  const price = cycle.pricing_scheme.fixed_price;
  const every = `every ${cycle.frequency.interval_count > 1 ? `${cycle.frequency.interval_count} ` : ''}${cycle.frequency.interval_unit.toLowerCase()}${cycle.frequency.interval_count > 1 ? 's' : ''}`;
  const product = store.products.get(plan.product_id);
  return page(
    `Subscribe to ${plan.name}`,
    `<h1>Subscribe to ${escapeHtml(plan.name)}</h1>
<section class="card" aria-labelledby="plan-heading">
  <h2 id="plan-heading">${escapeHtml(product?.name ?? plan.name)}</h2>
  <p><strong>${escapeHtml(`${price.value} ${price.currency_code}`)}</strong> ${escapeHtml(every)}, charged today and then ${escapeHtml(every)} until cancelled.</p>
  <p>Paying as ${escapeHtml('buyer@example.com')} (PayPal balance).</p>
</section>
<form class="card" method="post" action="/webapps/billing/subscriptions/decide">
  <input type="hidden" name="ba_token" value="${escapeHtml(token)}">
  <button class="approve" type="submit" name="decision" value="approve">${escapeHtml(APPROVE_BUTTON)}</button>
  <button class="cancel" type="submit" name="decision" value="cancel">${escapeHtml(CANCEL_BUTTON)}</button>
</form>`,
  );
}

export function notFoundPage(): string {
  return page('Not found', '<h1>This approval link is not known to the simulator</h1>');
}
