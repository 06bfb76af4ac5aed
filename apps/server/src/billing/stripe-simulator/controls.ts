import { StripeApiError } from './errors';
import { parseStripeForm } from './form';
import type { WebhookDelivery } from './webhook-sender';
import type { Invoice, StripeEvent } from './wire';

/** What tests (and a person trying billing out) may do that Stripe's API does not offer: move time, make cards fail. */
export type SimulatorControls = {
  /** Moves the clock forward; every subscription whose period ended renews or ends, in time order. */
  advanceTime(ms: number): void;
  /** Moves the clock forward to `date` (never back), with the same renewals. */
  setNow(date: Date): void;
  now(): Date;
  /** Makes every card the customer has saved decline from now on (or pay again). */
  setCardDeclines(customerId: string, declines: boolean): void;
  /** As a person fixing their card in the portal: their cards pay again and their open invoices are collected. */
  payOpenInvoices(customerId: string): Invoice[];
  /** Tries again to collect an open invoice with the card on file; answers the invoice, paid or still open. */
  payInvoice(invoiceId: string): Invoice;
  /** Every event so far, oldest first. */
  events(): StripeEvent[];
  /** Every webhook delivery attempt so far, oldest first. */
  deliveries(): WebhookDelivery[];
  /** POSTs an event again with a fresh signature (a receiver must treat it as a duplicate). */
  replay(eventId: string): Promise<WebhookDelivery>;
  /** Resolves once every event so far has been delivered or given up. */
  webhooksSettled(): Promise<void>;
  setWebhookUrl(url: string | null): void;
};

type ControlAnswer = { status: number; body: unknown };

function controlBody(body: string, contentType: string | undefined): Record<string, unknown> {
  if (body === '') return {};
  if (contentType?.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Refused below.
    }
    throw new StripeApiError('The body must be a JSON object.', { status: 400 });
  }
  return parseStripeForm(body);
}

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new StripeApiError(`Missing required field: ${name}.`, { status: 400, param: name });
}

function dateField(body: Record<string, unknown>, name: string): Date {
  const text = field(body, name);
  const date = /^\d+$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  if (Number.isNaN(date.getTime())) throw new StripeApiError(`${name} must be an ISO date or Unix seconds.`, { status: 400, param: name });
  return date;
}

/**
 * `/_simulator/…`: the controls over HTTP, for a browser or another process. JSON or form bodies; JSON answers.
 * Answers undefined for a path that is not a control.
 */
export async function answerControl(
  controls: SimulatorControls,
  method: string,
  pathname: string,
  rawBody: string,
  contentType: string | undefined,
): Promise<ControlAnswer | undefined> {
  const name = pathname.slice('/_simulator/'.length);
  const now = () => ({ now: controls.now().toISOString() });
  if (method === 'GET') {
    if (name === 'now') return { status: 200, body: now() };
    if (name === 'events') return { status: 200, body: { data: controls.events() } };
    if (name === 'deliveries') return { status: 200, body: { data: controls.deliveries() } };
    return undefined;
  }
  if (method !== 'POST') return undefined;
  const body = controlBody(rawBody, contentType);
  switch (name) {
    case 'advance-time': {
      const ms = Number(field(body, 'ms'));
      if (!Number.isFinite(ms) || ms < 0)
        throw new StripeApiError('ms must be a number of milliseconds, not negative.', { status: 400, param: 'ms' });
      controls.advanceTime(ms);
      return { status: 200, body: now() };
    }
    case 'set-now':
      controls.setNow(dateField(body, 'date'));
      return { status: 200, body: now() };
    case 'card-declines':
      controls.setCardDeclines(field(body, 'customer'), field(body, 'declines') === 'true');
      return { status: 200, body: { customer: field(body, 'customer'), declines: field(body, 'declines') === 'true' } };
    case 'pay-open-invoices':
      return { status: 200, body: { data: controls.payOpenInvoices(field(body, 'customer')) } };
    case 'pay-invoice':
      return { status: 200, body: controls.payInvoice(field(body, 'invoice')) };
    case 'replay':
      return { status: 200, body: await controls.replay(field(body, 'event')) };
    case 'webhook-url':
      controls.setWebhookUrl(typeof body.url === 'string' && body.url !== '' ? body.url : null);
      return { status: 200, body: { url: body.url ?? null } };
    default:
      return undefined;
  }
}
