import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerApi } from './api';
import { createSimulatorClock } from './clock';
import { answerControl, type SimulatorControls } from './controls';
import { setCardDeclines } from './customers';
import { StripeApiError, type StripeErrorBody } from './errors';
import { FormError } from './form';
import { answerPage } from './hosted-pages';
import { IdempotencyKeys } from './idempotency';
import { chargeInvoice, payOpenInvoices } from './invoicing';
import { renewDueSubscriptions } from './renewals';
import { createStore } from './store';
import { createWebhookSender } from './webhook-sender';
import { readSimulatorBody, stopSimulator } from '../simulator-http';

export type StripeSimulatorOptions = {
  /** 0 or absent: a free port. */
  port?: number;
  /** The interface to listen on; 127.0.0.1 unless given (the simulator has no place on a network). */
  host?: string;
  /** The simulator's address as a browser reaches it, for the hosted pages' links; its own URL unless given. */
  publicUrl?: string;
  webhookUrl?: string;
  /** The endpoint secret (`whsec_…`) that signs every webhook, and that the receiver verifies with. */
  webhookSecret: string;
  /** The clock the simulator's time starts from (it adds what `advanceTime` moved); the system's unless given. */
  now?: () => Date;
  /** The waits before each retry of a failed webhook delivery. */
  retryDelaysMs?: number[];
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs?: number;
  /** How often subscriptions are renewed as real time passes (a long `npm start`); tests move the clock instead. */
  renewalCheckMs?: number;
};

export type StripeSimulator = SimulatorControls & {
  url: string;
  port: number;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;

const readBody = (request: IncomingMessage) =>
  readSimulatorBody(request, MAX_BODY_BYTES, () => new StripeApiError('The request body is too large.', { status: 413 }));

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** A control or a page that failed: refused for its input (400) or broken (500), in Stripe's error shape. */
function errorAnswer(error: unknown): { status: number; body: StripeErrorBody } {
  if (error instanceof StripeApiError) return { status: error.status, body: error.toBody() };
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError || error instanceof FormError)
    return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
  return { status: 500, body: { error: { type: 'api_error', message } } };
}

/**
 * Starts a local stand-in for the part of Stripe's API that Faxline's billing uses, for the official `stripe` package:
 * `new Stripe('sk_test_…', { host: '127.0.0.1', port, protocol: 'http' })`. Hosted Checkout, portal and invoice pages
 * say they are the simulator; webhooks are signed as Stripe signs them; `/_simulator/…` and the returned object's
 * methods move time and make cards fail.
 */
export async function startStripeSimulator(options: StripeSimulatorOptions): Promise<StripeSimulator> {
  const clock = createSimulatorClock(options.now);
  const store = createStore(clock, options.publicUrl ?? '');
  const keys = new IdempotencyKeys();
  const sender = createWebhookSender({
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    url: options.webhookUrl ?? null,
  });
  store.onEvent = (event) => sender.enqueue(event);
  const renew = () => renewDueSubscriptions(store);

  const controls: SimulatorControls = {
    advanceTime(ms) {
      clock.advance(ms);
      renew();
    },
    setNow(date) {
      clock.set(date);
      renew();
    },
    now: () => clock.now(),
    setCardDeclines: (customerId, declines) => setCardDeclines(store, customerId, declines),
    payOpenInvoices(customerId) {
      setCardDeclines(store, customerId, false);
      return structuredClone(payOpenInvoices(store, customerId));
    },
    payInvoice(invoiceId) {
      const invoice = store.invoices.find(invoiceId);
      chargeInvoice(store, invoice);
      return structuredClone(invoice);
    },
    events: () => structuredClone(store.events.all()),
    deliveries: () => sender.deliveries(),
    replay: (eventId) => sender.replay(store.events.find(eventId)),
    webhooksSettled: () => sender.settled(),
    setWebhookUrl: (url) => sender.setUrl(url),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const body = await readBody(request);
    // Time may have passed since the last request (a long `npm start`): bring subscriptions up to it first.
    renew();
    if (url.pathname.startsWith('/v1/')) {
      const answer = answerApi(store, keys, method, url, request.headers, body);
      send(response, answer.status, answer.headers, answer.body);
      return;
    }
    if (url.pathname.startsWith('/_simulator/')) {
      const answer = await answerControl(controls, method, url.pathname, body, request.headers['content-type']);
      if (answer) {
        send(response, answer.status, { 'content-type': 'application/json' }, `${JSON.stringify(answer.body, null, 2)}\n`);
        return;
      }
    } else {
      const page = answerPage(store, method, url, body);
      if (page) {
        send(response, page.status, page.headers, page.body);
        return;
      }
    }
    send(
      response,
      404,
      { 'content-type': 'application/json' },
      JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } }),
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const { status, body } = errorAnswer(error);
      if (!response.headersSent) send(response, status, { 'content-type': 'application/json' }, JSON.stringify(body));
      else response.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  store.publicUrl = options.publicUrl ?? url;
  const renewals = setInterval(renew, options.renewalCheckMs ?? 60_000);
  renewals.unref();

  return {
    ...controls,
    url,
    port,
    close: () => stopSimulator(server, renewals, sender),
  };
}
