import { ZAdminPlan, type TAdminPlan, type TAdminPlanInput } from '@faxline/shared';
import { ZV1Error } from '@faxline/shared/api-v1';
import { createAccount } from '@test-support/factories/accounts';
import { unique } from '@test-support/factories/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callV1, createApiKey } from '../support/api-keys';
import { callApi, openAdminTestApp, signIn, someClientAddress, type AdminTestApp } from '../support/test-app';

// Spec 000 §9: "API default rate limit 100 requests per 1 minute per API key, varying by plan." The back office sets
// each plan's requests per minute; the keys of the accounts on it are held to it, from their next request.
let t: AdminTestApp;
beforeAll(async () => {
  t = await openAdminTestApp();
});
afterAll(() => t.close());

const planInput = (apiRequestsPerMinute: number): TAdminPlanInput => ({
  name: unique('API plan'),
  monthlyPriceCents: 2500,
  pagesPerMonth: 300,
  apiRequestsPerMinute,
  apiAccess: true,
  text: { en: { description: 'For a test.', features: [] } },
});

async function savePlan(method: 'POST' | 'PUT', url: string, input: TAdminPlanInput): Promise<TAdminPlan> {
  const response = await callApi(t.app, method, url, { cookie: t.cookie, payload: input, remoteAddress: someClientAddress() });
  expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
  return ZAdminPlan.parse(response.json());
}

/** An account on the plan, and a key its owner made. */
async function keyOnPlan(plan: TAdminPlan) {
  const account = await createAccount(t, { plan: { id: plan.id } });
  const cookie = await signIn(t.app, account.owner.email);
  const { secret } = await createApiKey(t, cookie, ['faxes:read']);
  return secret;
}

describe('the public API’s requests per minute follow the plan', () => {
  it('answers X-RateLimit-Limit: 12 to a key on a 12-a-minute plan, and 429 to its 13th call in the minute', async () => {
    const plan = await savePlan('POST', '/api/admin/plans', planInput(12));
    const secret = await keyOnPlan(plan);

    const answers = [];
    for (let i = 0; i < 13; i += 1) answers.push(await callV1(t, secret, 'GET', '/v1/faxes'));
    for (const [i, answer] of answers.slice(0, 12).entries()) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['x-ratelimit-limit']).toBe('12');
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(11 - i));
    }
    const refused = answers[12]!;
    expect(refused.statusCode).toBe(429);
    expect(ZV1Error.parse(refused.json()).error.type).toBe('rate_limit_error');
    expect(refused.headers['x-ratelimit-limit']).toBe('12');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('applies a new limit set in the back office from the key’s next request', async () => {
    const plan = await savePlan('POST', '/api/admin/plans', planInput(10));
    const secret = await keyOnPlan(plan);
    for (let i = 0; i < 10; i += 1) expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(429);

    await savePlan('PUT', `/api/admin/plans/${plan.id}`, { ...planInput(15), name: plan.name });
    const raised = await callV1(t, secret, 'GET', '/v1/faxes');
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.headers['x-ratelimit-limit']).toBe('15');
    expect(raised.headers['x-ratelimit-remaining']).toBe('4'); // the 10 answered this minute still count
  });
});
