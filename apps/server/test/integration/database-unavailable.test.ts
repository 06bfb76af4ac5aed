import { ZApiError } from '@faxline/shared';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * When no database connection comes free in time (or the database is restarting), a request answers 503 with a
 * message saying nothing was changed, never a 500, and indeed changes nothing (an error answer creates nothing).
 */
let t: TestApp;
beforeAll(async () => {
  // The wait for a connection is what runs out while the test holds all three; long enough that opening a connection
  // on a busy machine does not (300 ms did not, once, for the test's own first query).
  t = await openTestApp({ env: { DB_POOL_SIZE: '3', DB_CONNECTION_TIMEOUT_MS: '2000' } });
});
afterAll(() => t.close());

it('answers 503 "try again" while every connection is taken, and the same send succeeds afterwards', async () => {
  const person = await createUser(t);
  const cookie = await signIn(t.app, person.email);
  const request = { recipientNumber: '+12025550143', faxQuality: 'fine', coverPageMessage: 'Busy pool' };
  const held: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < 3; i += 1) held.push(await t.env.database.pool.connect());
    const refused = await sendFaxRequest(t.app, cookie, request, [], { 'idempotency-key': 'busy-pool-1' });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(ZApiError.parse(refused.json()).error.message).toBe(
      'Faxline is busy right now and did not take this request; nothing was changed. Please try again in a moment.',
    );
  } finally {
    for (const client of held) client.release();
  }
  const [{ n }] = (await t.env.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM faxes')).rows as [{ n: number }];
  expect(n).toBe(0);
  const accepted = await sendFaxRequest(t.app, cookie, request, [], { 'idempotency-key': 'busy-pool-1' });
  expect(accepted.statusCode, accepted.body).toBe(202);
});
