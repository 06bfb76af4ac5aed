import { payCheckoutSession } from './checkout';
import { checkoutPage } from './checkout-page';
import { StripeApiError } from './errors';
import { parseStripeForm } from './form';
import { invoicePage } from './invoice-page';
import { escapeHtml, pageHtml } from './page-shell';
import { replaceCard } from './portal';
import { portalNotice, portalPage } from './portal-page';
import type { Store } from './store';

export type PageAnswer = { status: number; headers: Record<string, string>; body: string };

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** A request for one page: its kind's object `id` and, on a form's post, the `action` after it (`/portal/:id/card`). */
type PageRequest = { store: Store; method: string; id: string; action: string | undefined; url: URL; body: string };

const html = (body: string, status = 200): PageAnswer => ({ status, headers: HTML_HEADERS, body });
const seeOther = (location: string): PageAnswer => ({ status: 303, headers: { location, 'cache-control': 'no-store' }, body: '' });
const notFound = (what: string): PageAnswer => html(pageHtml('Not found', `<h1>Not found</h1><p>${escapeHtml(what)}</p>`), 404);

/**
 * The pages a person sees instead of Stripe's: Checkout (`/checkout/:id`), the billing portal (`/portal/:id`) and the
 * hosted invoice (`/invoice/:id`). A form posts, then redirects (303) to a page, so that reloading never pays twice.
 * Answers undefined for a path that is not a page.
 */
export function answerPage(store: Store, method: string, url: URL, body: string): PageAnswer | undefined {
  const [kind, id, action, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!kind || !id || rest.length > 0) return undefined;
  if (kind === 'checkout') return checkoutAnswer({ store, method, id, action, url, body });
  if (kind === 'portal') return portalAnswer({ store, method, id, action, url, body });
  if (kind === 'invoice' && method === 'GET' && !action) {
    const invoice = store.invoices.get(id);
    return invoice ? html(invoicePage(invoice)) : notFound('No such invoice.');
  }
  return undefined;
}

function checkoutAnswer({ store, method, id, action, url, body }: PageRequest): PageAnswer | undefined {
  const session = store.checkoutSessions.get(id);
  if (!session) return notFound('No such checkout session.');
  if (method === 'GET' && !action) return html(checkoutPage(store, session, url.searchParams.get('error')));
  if (method !== 'POST' || action !== 'pay') return undefined;
  if (session.status !== 'open') return seeOther(`/checkout/${encodeURIComponent(id)}`);
  const form = parseStripeForm(body);
  const field = (name: string) => (typeof form[name] === 'string' && form[name] !== '' ? form[name] : null);
  try {
    const outcome = payCheckoutSession(store, session, {
      card: field('outcome') === 'decline' ? 'decline' : 'succeed',
      email: field('email'),
      name: field('name'),
    });
    return outcome.paid ? seeOther(outcome.redirect) : seeOther(`/checkout/${encodeURIComponent(id)}?error=declined`);
  } catch (error) {
    if (error instanceof StripeApiError && error.param === 'email') return seeOther(`/checkout/${encodeURIComponent(id)}?error=email`);
    throw error;
  }
}

function portalAnswer({ store, method, id, action, url, body }: PageRequest): PageAnswer | undefined {
  const session = store.portalSessions.get(id);
  if (!session) return notFound('No such billing portal session.');
  if (method === 'GET' && !action) {
    const notice = portalNotice(url.searchParams.get('updated'), Number(url.searchParams.get('paid') ?? 0));
    return html(portalPage(store, session, notice));
  }
  if (method !== 'POST' || action !== 'card') return undefined;
  const card = parseStripeForm(body).outcome === 'decline' ? 'decline' : 'succeed';
  const paid = replaceCard(store, session.customer, card).filter((invoice) => invoice.status === 'paid').length;
  return seeOther(`/portal/${encodeURIComponent(id)}?updated=${card}&paid=${paid}`);
}
