import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../support/api-keys';
import { unlimitedCustomer } from '../support/fax-battery';
import { connectRedis } from '../../src/platform/redis';
import { freePort } from '@test-support/faxline-process';
import { startRedisServer } from '../support/redis-server';
import { testLogger } from '../support/test-database';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

// Two API servers on one database count their rate limits together in Redis (Debian's
// redis-server, started here), the way a load balancer's traffic reaches them: alternately.
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let first: TestApp;
let second: TestApp;
const env = () => ({ REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '1' });

beforeAll(async () => {
  redis = await startRedisServer();
  first = await openTestApp({ env: env(), work: false });
  second = await openTestApp({ env: env(), sharing: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await redis?.stop();
});

/** Answers' status codes, for `count` requests sent to the two servers in turn. */
async function alternately(count: number, request: (app: TestApp) => Promise<{ statusCode: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) codes.push((await request(i % 2 === 0 ? first : second)).statusCode);
  return codes;
}
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((sum, code) => ({ ...sum, [code]: (sum[code] ?? 0) + 1 }), {});

describe('rate limits shared through Redis', () => {
  it("holds the API's limit of 100 a minute per address across both servers: 100 answered, the rest 429", async () => {
    const codes = await alternately(130, ({ app }) => app.inject({ method: 'GET', url: '/api/platform', remoteAddress: '198.51.100.7' }));
    expect(tally(codes)).toEqual({ 200: 100, 429: 30 });
    // Another address has its own 100.
    const other = await second.app.inject({ method: 'GET', url: '/api/platform', remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });

  it("holds an API key's requests per minute across both servers, said in the same X-RateLimit headers by each", async () => {
    const owner = await unlimitedCustomer(first, 'Shared Limits');
    const { secret } = await createApiKey(first, await signIn(first.app, owner.email));
    const call = ({ app }: TestApp) =>
      app.inject({ method: 'GET', url: '/v1/faxes', headers: { authorization: `Bearer ${secret}` }, remoteAddress: '198.51.100.9' });
    const opening = await call(first);
    expect(opening.statusCode, opening.body).toBe(200);
    const limit = Number(opening.headers['x-ratelimit-limit']);
    expect(Number(opening.headers['x-ratelimit-remaining'])).toBe(limit - 1);
    const codes = await alternately(limit + 9, call);
    expect(tally(codes)).toEqual({ 200: limit - 1, 429: 10 });
    const refused = await call(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('starts counting with the first request: the connection is up before a server takes any, or known to be down', async () => {
    const connected = await connectRedis(redis.url, testLogger);
    expect(connected.status).toBe('ready');
    connected.disconnect();
    // Nothing listening: the server starts anyway, about a second later, and counts in its own process.
    const started = Date.now();
    const unreachable = await connectRedis(`redis://127.0.0.1:${await freePort()}`, testLogger);
    expect(unreachable.status).not.toBe('ready');
    expect(Date.now() - started).toBeLessThan(3_000);
    unreachable.disconnect();
  });

  it('keeps answering when Redis dies: nothing is refused for want of it, and no 500', async () => {
    await redis.stop('SIGKILL');
    const codes = await alternately(20, ({ app }) => app.inject({ method: 'GET', url: '/api/platform', remoteAddress: '198.51.100.10' }));
    expect(tally(codes)).toEqual({ 200: 20 });
  });
});
