import type { IncomingHttpHeaders } from 'node:http';
import { catalogRoutes } from './catalog-api';
import { checkoutRoutes } from './checkout-api';
import { creditNoteRoutes } from './credit-notes-api';
import { customerRoutes } from './customers-api';
import { StripeApiError } from './errors';
import { eventRoutes } from './events-api';
import { expandPaths } from './expand';
import { FormError, parseStripeForm } from './form';
import type { IdempotencyKeys, StoredAnswer } from './idempotency';
import { newId } from './ids';
import { invoiceItemRoutes } from './invoice-items-api';
import { invoiceRoutes } from './invoices-api';
import { expandList } from './params';
import { matchRoute } from './router';
import { objectById, type Store } from './store';
import { scheduleRoutes } from './schedules-api';
import { subscriptionRoutes } from './subscriptions-api';
import { taxIdRoutes } from './tax-ids-api';
import { SIMULATED_API_VERSION } from './wire';

const routes = [
  ...catalogRoutes,
  ...customerRoutes,
  ...checkoutRoutes,
  ...subscriptionRoutes,
  ...scheduleRoutes,
  ...taxIdRoutes,
  ...invoiceRoutes,
  ...invoiceItemRoutes,
  ...creditNoteRoutes,
  ...eventRoutes,
];

export type ApiAnswer = StoredAnswer & { headers: Record<string, string> };

const MISSING_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";

/** The key of `Authorization: Bearer sk_test_…`, or of Basic auth with the key as user name (curl's `-u sk_test_…:`). */
function apiKeyOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, credentials] = authorization.split(' ', 2);
  if (!credentials) return null;
  if (scheme?.toLowerCase() === 'bearer') return credentials.trim();
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

function refusedKey(key: string | null): StripeApiError | null {
  if (!key) return new StripeApiError(MISSING_KEY, { status: 401 });
  if (!/^(sk|rk)_test_/.test(key)) {
    return new StripeApiError(`Invalid API Key provided: ${key.slice(0, 8)}…. The Stripe simulator takes test keys only (sk_test_…).`, {
      status: 401,
    });
  }
  return null;
}

function json(status: number, body: unknown): StoredAnswer {
  return { status, body: `${JSON.stringify(body, null, 2)}\n` };
}

/** Runs one `/v1/…` request as Stripe would answer it, honouring `Idempotency-Key` for POSTs. */
export function answerApi(
  store: Store,
  keys: IdempotencyKeys,
  method: string,
  url: URL,
  headers: IncomingHttpHeaders,
  rawBody: string,
): ApiAnswer {
  const requestId = newId('req_', 14);
  const version = typeof headers['stripe-version'] === 'string' ? headers['stripe-version'] : SIMULATED_API_VERSION;
  const answerHeaders: Record<string, string> = { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': version };
  const idempotencyKey = method === 'POST' && typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : null;
  if (idempotencyKey) answerHeaders['idempotency-key'] = idempotencyKey;
  const fingerprint = `${method} ${url.pathname} ${rawBody}`;
  try {
    const refusal = refusedKey(apiKeyOf(headers.authorization));
    if (refusal) throw refusal;
    const replayed = idempotencyKey ? keys.replayed(idempotencyKey, fingerprint) : undefined;
    if (replayed) return { ...replayed, headers: { ...answerHeaders, 'idempotent-replayed': 'true' } };
    const answer = run(store, method, url, rawBody, { id: requestId, idempotency_key: idempotencyKey });
    if (idempotencyKey) keys.keep(idempotencyKey, fingerprint, answer);
    return { ...answer, headers: answerHeaders };
  } catch (error) {
    return { ...failure(error), headers: answerHeaders };
  }
}

function run(store: Store, method: string, url: URL, rawBody: string, origin: Store['origin']): StoredAnswer {
  const match = matchRoute(routes, method, url.pathname);
  if (!match) {
    throw new StripeApiError(
      `Unrecognized request URL (${method}: ${url.pathname}). The Stripe simulator serves part of Stripe's API only.`,
      { status: 404 },
    );
  }
  const query = parseStripeForm(url.search.slice(1));
  const params = method === 'POST' ? { ...query, ...parseStripeForm(rawBody) } : query;
  store.origin = origin;
  try {
    const result = match.route.handle({ store, params, path: match.path });
    return json(
      200,
      expandPaths(result, expandList(params), (id) => objectById(store, id)),
    );
  } catch (error) {
    return failure(error);
  } finally {
    store.origin = { id: null, idempotency_key: null };
  }
}

function failure(error: unknown): StoredAnswer {
  if (error instanceof StripeApiError) return json(error.status, error.toBody());
  if (error instanceof FormError) return json(400, { error: { type: 'invalid_request_error', message: error.message } });
  const message = error instanceof Error ? error.message : String(error);
  return json(500, { error: { type: 'api_error', message: `The Stripe simulator failed: ${message}` } });
}
