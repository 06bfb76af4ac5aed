import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulatorClock } from '../stripe-simulator/clock';
import { approvalPage, notFoundPage } from './approval-page';
import { makeSigningCertificate, signedHeaders } from './signing';
import { createStore, paypalId } from './store';
import { createPayPalWebhookSender, type PayPalDelivery } from './webhook-sender';
import { invalidRequest, notFound, PayPalApiError, type PayPalEvent } from './wire';
import { readSimulatorBody, stopSimulator } from '../simulator-http';

export type PayPalSimulatorOptions = {
  /** The webhook id PayPal gave the receiver's endpoint: part of every signature. A new one unless given. */
  webhookId?: string;
  webhookUrl?: string;
  /** The interface to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Where the simulator's time starts (it adds what `advanceTime` moved); the system's clock unless given. */
  now?: () => Date;
  retryDelaysMs?: number[];
  /** Failed payments in a row after which a subscription is suspended (the plan's `payment_failure_threshold`, when it names none). */
  paymentFailureThreshold?: number;
  /** How often subscriptions are renewed as real time passes (a long `npm start`); tests move the clock instead. */
  renewalCheckMs?: number;
};

export type PayPalSimulator = {
  url: string;
  port: number;
  webhookId: string;
  advanceTime(ms: number): void;
  setNow(date: Date): void;
  now(): Date;
  /** The payer's funding for this subscription fails from now on (true), or pays again (false). */
  setPaymentFailures(subscriptionId: string, fail: boolean): void;
  /** The payer settles the outstanding balance (a failed run ends). */
  payOutstanding(subscriptionId: string): void;
  events(): PayPalEvent[];
  deliveries(): PayPalDelivery[];
  /** Sends an event again, freshly signed (a replay, as PayPal's "Resend" does). */
  replay(eventId: string): Promise<PayPalDelivery>;
  webhooksSettled(): Promise<void>;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;

const readBody = (request: IncomingMessage) =>
  readSimulatorBody(request, MAX_BODY_BYTES, () => new PayPalApiError(413, 'INVALID_REQUEST', 'The request body is too large.'));

type Answer = { status: number; headers?: Record<string, string>; body?: unknown; html?: string };

/**
 * Starts a local stand-in for the part of PayPal's REST API that Faxline's billing uses (products, plans,
 * subscriptions, their transactions, OAuth2 tokens, webhook certificates), with the hosted approval page and signed
 * webhooks. The official `@paypal/paypal-server-sdk` reaches it through an agent that connects here (`paypalClient`):
 * its requests still name PayPal's host, and are answered as PayPal's.
 */
export async function startPayPalSimulator(options: PayPalSimulatorOptions = {}): Promise<PayPalSimulator> {
  const clock = createSimulatorClock(options.now);
  const store = createStore(clock, { paymentFailureThreshold: options.paymentFailureThreshold ?? 3 });
  const webhookId = options.webhookId ?? paypalId('', 17);
  const certificate = await makeSigningCertificate(`CERT-${randomBytes(12).toString('hex')}`);
  const tokens = new Set<string>();
  const answered = new Map<string, Answer>();
  let certificateUrl = '';
  const sender = createPayPalWebhookSender({
    url: options.webhookUrl ?? null,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
    headersFor: (body) => signedHeaders(body, webhookId, certificate, certificateUrl, store.newTransmissionId()),
  });
  store.onEvent = (event) => sender.enqueue(event);

  function requireBearer(request: IncomingMessage) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match || !tokens.has(match[1]!)) {
      throw new PayPalApiError(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    }
  }

  function issueToken(request: IncomingMessage, body: string): Answer {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const [clientId, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    if (!clientId || !secret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-SIMULATOR',
        expires_in: 32400,
        nonce: randomBytes(8).toString('hex'),
      },
    };
  }

  const json = (text: string): Record<string, unknown> => {
    if (!text) return {};
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Answered below as PayPal answers a body that is not JSON.
    }
    throw new PayPalApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
      { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
    ]);
  };
  const reasonOf = (body: Record<string, unknown>, required: boolean) => {
    if (typeof body.reason === 'string' && body.reason.length > 0 && body.reason.length <= 128) return body.reason;
    if (!required && body.reason === undefined) return undefined;
    throw invalidRequest('/reason', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
  };

  function api(method: string, path: string, url: URL, body: string): Answer {
    const subscription = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(suspend|activate|cancel|transactions))?$/.exec(path);
    if (method === 'POST' && path === '/v1/catalogs/products') return { status: 201, body: store.createProduct(json(body)) };
    if (method === 'POST' && path === '/v1/billing/plans') return { status: 201, body: store.createPlan(json(body)) };
    const plan = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
    if (method === 'GET' && plan) return { status: 200, body: store.plan(plan[1]!) };
    if (method === 'POST' && path === '/v1/billing/subscriptions') return { status: 201, body: store.createSubscription(json(body)) };
    if (subscription) {
      const [, id, action] = subscription;
      if (method === 'GET' && !action) return { status: 200, body: store.subscription(id!) };
      if (method === 'POST' && action === 'suspend') return (store.suspend(id!, reasonOf(json(body), true)!), { status: 204 });
      if (method === 'POST' && action === 'activate') return (store.activate(id!, reasonOf(json(body), false)), { status: 204 });
      if (method === 'POST' && action === 'cancel') return (store.cancel(id!, reasonOf(json(body), true)!), { status: 204 });
      if (method === 'GET' && action === 'transactions') {
        const start = Date.parse(url.searchParams.get('start_time') ?? '');
        const end = Date.parse(url.searchParams.get('end_time') ?? '');
        if (Number.isNaN(start) || Number.isNaN(end))
          throw new PayPalApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
            {
              field: 'start_time',
              location: 'query',
              issue: 'MISSING_REQUIRED_PARAMETER',
              description: 'start_time and end_time are required.',
            },
          ]);
        const transactions = store.transactionsOf(id!, new Date(start), new Date(end));
        return { status: 200, body: { transactions, total_items: transactions.length, total_pages: 1, links: [] } };
      }
    }
    throw notFound();
  }

  async function handle(request: IncomingMessage): Promise<Answer> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const path = url.pathname;
    const body = await readBody(request);
    store.renewDue();
    if (method === 'POST' && path === '/v1/oauth2/token') return issueToken(request, body);
    if (method === 'GET' && path === `/v1/notifications/certs/${certificate.id}`)
      return { status: 200, headers: { 'content-type': 'text/plain' }, html: certificate.pem };
    if (path.startsWith('/v1/')) {
      requireBearer(request);
      // PayPal-Request-Id: the same POST again answers what the first one did and changes nothing.
      const requestId = method === 'POST' ? request.headers['paypal-request-id'] : undefined;
      const key = typeof requestId === 'string' ? `${path}\n${requestId}` : null;
      const earlier = key ? answered.get(key) : undefined;
      if (earlier) return earlier;
      const answer = api(method, path, url, body);
      if (key) answered.set(key, answer);
      return answer;
    }
    if (path === '/webapps/billing/subscriptions' && method === 'GET') {
      const token = url.searchParams.get('ba_token') ?? '';
      const subscription = store.subscriptionOfToken(token);
      return subscription ? { status: 200, html: approvalPage(store, subscription, token) } : { status: 404, html: notFoundPage() };
    }
    if (path === '/webapps/billing/subscriptions/decide' && method === 'POST') return decide(new URLSearchParams(body));
    if (path.startsWith('/_simulator/')) return control(method, path, body);
    throw notFound(`Unrecognized request URL (${method}: ${path}).`);
  }

  /** The payer's answer on the approval page: back to the merchant's return or cancel URL, as PayPal sends them. */
  function decide(form: URLSearchParams): Answer {
    const token = form.get('ba_token') ?? '';
    const subscription = store.subscriptionOfToken(token);
    if (!subscription) return { status: 404, html: notFoundPage() };
    const urls = store.returnUrlsOf(subscription.id);
    if (form.get('decision') === 'approve') {
      store.approve(subscription.id);
      const back = new URL(urls.returnUrl);
      back.searchParams.set('subscription_id', subscription.id);
      back.searchParams.set('ba_token', token);
      return { status: 303, headers: { location: back.toString() } };
    }
    return { status: 303, headers: { location: urls.cancelUrl } };
  }

  const controls = {
    advanceTime(ms: number) {
      clock.advance(ms);
      store.renewDue();
    },
    setNow(date: Date) {
      clock.set(date);
      store.renewDue();
    },
    now: () => clock.now(),
    setPaymentFailures: (subscriptionId: string, fail: boolean) => store.setPaymentFailures(subscriptionId, fail),
    payOutstanding: (subscriptionId: string) => store.payOutstanding(subscriptionId),
    events: () => structuredClone(store.events),
    deliveries: () => sender.deliveries(),
    replay: (eventId: string) => sender.replay(store.event(eventId)),
    webhooksSettled: () => sender.settled(),
    setWebhookUrl: (url: string | null) => sender.setUrl(url),
  };

  function control(method: string, path: string, body: string): Answer {
    const input = method === 'POST' ? json(body) : {};
    const name = path.slice('/_simulator/'.length);
    if (method === 'GET' && name === 'events') return { status: 200, body: controls.events() };
    if (method === 'POST' && name === 'advance-time')
      return (controls.advanceTime(Number(input.ms)), { status: 200, body: { now: clock.now() } });
    if (method === 'POST' && name === 'payment-failures')
      return (controls.setPaymentFailures(String(input.subscription), input.fail === true), { status: 200, body: {} });
    if (method === 'POST' && name === 'pay-outstanding')
      return (controls.payOutstanding(String(input.subscription)), { status: 200, body: {} });
    throw notFound(`Unrecognized control (${method}: ${path}).`);
  }

  function send(response: ServerResponse, answer: Answer) {
    const debugId = randomBytes(7).toString('hex');
    if (answer.html !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
      response.end(answer.html);
      return;
    }
    response.writeHead(answer.status, {
      'paypal-debug-id': debugId,
      ...(answer.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...answer.headers,
    });
    response.end(answer.body !== undefined ? JSON.stringify(answer.body) : undefined);
  }

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => send(response, answer))
      .catch((error: unknown) => {
        const debugId = randomBytes(7).toString('hex');
        const known = error instanceof PayPalApiError;
        const range = error instanceof RangeError;
        const status = known ? error.status : range ? 400 : 500;
        const body = known
          ? { name: error.errorName, message: error.message, debug_id: debugId, details: error.details, links: [] }
          : {
              name: range ? 'INVALID_REQUEST' : 'INTERNAL_SERVER_ERROR',
              message: (error as Error).message,
              debug_id: debugId,
              details: [],
              links: [],
            };
        if (!response.headersSent) send(response, { status, body });
        else response.destroy();
      });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  store.publicUrl = url;
  certificateUrl = `${url}/v1/notifications/certs/${certificate.id}`;
  const renewals = setInterval(() => store.renewDue(), options.renewalCheckMs ?? 60_000);
  renewals.unref();

  return {
    ...controls,
    url,
    port,
    webhookId,
    close: () => stopSimulator(server, renewals, sender),
  };
}
