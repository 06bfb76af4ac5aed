import { ZV1Error } from '@faxline/shared/api-v1';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/accounts/schema';
import { plans } from '../../src/plans/schema';
import { apiRoutes, type ApiRoute } from '../support/api-routes';
import { documentRoutes, type OpenApiDocument } from '../support/document-routes';
import { ownerWithApiKey } from '../support/api-keys';
import { describeRequest, injectOptionsOf, requestsFor, type GeneratedRequest } from '../support/generated-requests';
import { openTestApp, someClientAddress, type TestApp } from '../support/test-app';

// The reliability battery for the public API (never a 5xx for bad input): requests generated from the OpenAPI document
// /v1 serves (each operation's path, query, header and body JSON Schemas, the multipart form included, mixed with values
// that break them), sent without a key and with a key that has every scope, must never get a 5xx, and every error must
// be the public API's body with a translated message; Prism checks every answer against the same document (decision
// 136). A fixed seed, as the /api battery has.
const SEED = Number(process.env.GENERATED_REQUESTS_SEED ?? 1713);
const MIN_CASES = Number(process.env.GENERATED_V1_REQUESTS_CASES ?? 600);

let t: TestApp;
let routes: ApiRoute[];
/** The routes the server has under /v1, the document aside. */
let served: string[];
let secret: string;

beforeAll(async () => {
  t = await openTestApp({ work: false, env: { RATE_LIMIT_FACTOR: '100' } });
  await t.app.ready();
  served = apiRoutes(t.app, '/v1/')
    .filter((route) => route.url !== '/v1/openapi.json')
    .map((route) => `${route.method} ${route.url}`);
  const document = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  routes = documentRoutes(document.json<OpenApiDocument>());
  const owner = await ownerWithApiKey(t);
  secret = owner.secret;
  // The battery is about answers: the key's plan allows far more than it sends.
  const [account] = await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, owner.account.id));
  if (account?.planId) await t.db.update(plans).set({ apiRequestsPerMinute: 1_000_000 }).where(eq(plans.id, account.planId));
});
afterAll(() => t?.close());

function problemWithClientError(statusCode: number, body: string): string | null {
  if (statusCode < 400 || statusCode >= 500) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${statusCode} whose body is not JSON: ${body.slice(0, 200)}`;
  }
  const parsed = ZV1Error.safeParse(json);
  if (!parsed.success) return `${statusCode} whose body is not { error: { type, message, code } }: ${body.slice(0, 200)}`;
  if (/^(errors|validation)\.\w+$/.test(parsed.data.error.message) || parsed.data.error.message.includes('{{'))
    return `${statusCode} with an untranslated message: ${parsed.data.error.message}`;
  return null;
}

describe('generated requests to every /v1 operation of the OpenAPI document', () => {
  it('finds in the document every route the server has, with the schemas of its input', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([...served].sort());
    const send = routes.find((route) => route.method === 'POST' && route.url === '/v1/faxes')!;
    expect(send.body?.properties).toHaveProperty('recipient');
    expect(send.form?.properties).toHaveProperty('file');
    expect(send.headers?.properties).toHaveProperty('Idempotency-Key');
    expect(routes.find((route) => route.url === '/v1/faxes' && route.method === 'GET')?.querystring?.properties).toHaveProperty('number');
  });

  it(
    'answers none of them with a 5xx, without a key or with one, and every error in the public shape',
    async () => {
      const perRoute = Math.ceil(MIN_CASES / routes.length);
      const failures: string[] = [];
      let cases = 0;
      for (const [index, route] of routes.entries()) {
        const property = fc.asyncProperty(requestsFor(route), async (request: GeneratedRequest) => {
          cases += 1;
          for (const key of [null, secret]) {
            const options = injectOptionsOf(request, null, someClientAddress());
            const response = await t.app.inject({
              ...options,
              headers: { ...options.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
            });
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
            const problem = problemWithClientError(response.statusCode, response.body);
            if (problem) throw new Error(problem);
            if (!response.headers['x-ratelimit-limit']) throw new Error(`${response.statusCode} without X-RateLimit-Limit`);
          }
        });
        const details = await fc.check(property, { seed: SEED + index, numRuns: perRoute, endOnFailure: true });
        if (details.failed) {
          const request = details.counterexample ? describeRequest(details.counterexample[0]) : '(none)';
          failures.push(`${route.method} ${route.url}: ${String(details.errorInstance)} for ${request}`);
        }
      }
      expect(failures).toEqual([]);
      expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
    },
    10 * 60_000,
  );
});
