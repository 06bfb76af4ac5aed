import { DEFAULT_SYSTEM_SETTINGS, ZAdminPlansResponse, ZFaxListResponse, ZPlatformInfo, ZPlansResponse } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { createAuth } from '../../src/auth/auth';
import { rememberedPasswords } from '../support/remembered-passwords';
import { sessions, users } from '../../src/auth/schema';
import { connectDatabase } from '../../src/platform/db/client';
import { listenForNotifications, type DatabaseNotifications } from '../../src/platform/db/notifications';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { createFax } from '@test-support/factories/faxes';
import { PASSWORD, unique } from '@test-support/factories/values';
import { adminPlanInputOf } from '../support/admin-plans';
import { openTestApp, signIn, someClientAddress, adminSession, callApi, type TestApp } from '../support/test-app';
import { testLogger } from '../support/test-database';
import { openHoldingProxy } from '../support/holding-proxy';
import { organizationTables } from '../../src/accounts/schema';

// The session cookie's copy is trusted this long here (a minute in production), so that its end can be awaited.
const COPY_SECONDS = 3;

let t: TestApp;
let second: { app: FastifyInstance; close: () => Promise<void> };
let adminCookie: string;

/** Another API process on the same database: its own pool, its own listening connection, its own caches. */
async function openSecondInstance(first: TestApp) {
  const database = connectDatabase(first.env.url, testLogger);
  const notifications = listenForNotifications(first.env.url, testLogger);
  const auth = createAuth({
    db: database.db,
    queue: first.env.queue,
    config: first.config,
    secret: first.config.authSecret!,
    logger: testLogger,
    organizationTables,
    passwordHashing: rememberedPasswords,
  });
  const app = await buildApp({
    config: first.config,
    logger: testLogger,
    database,
    notifications,
    queue: first.env.queue,
    auth,
    files: first.env.files,
    isShuttingDown: () => false,
  });
  await listening(notifications);
  return {
    app,
    close: async () => {
      await app.close();
      await notifications.close();
      await database.close();
    },
  };
}

/** Its listening connection opens in the background: wait until a notification gets through (its LISTENs are then in place). */
async function listening(notifications: DatabaseNotifications) {
  let heard = false;
  const stop = notifications.subscribe('test_probe', () => (heard = true));
  await vi.waitFor(
    async () => {
      await t.db.execute(sql`SELECT pg_notify('test_probe', '')`);
      if (!heard) throw new Error('not listening yet');
    },
    { timeout: 10_000, interval: 100 },
  );
  stop();
}

const call = (app: FastifyInstance, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie = '', payload?: object) =>
  callApi(app, method, url, { cookie, payload, remoteAddress: someClientAddress() });

const planNames = async (app: FastifyInstance) =>
  ZPlansResponse.parse((await call(app, 'GET', '/api/plans')).json()).plans.map((p) => p.name);
const siteName = async (app: FastifyInstance) => ZPlatformInfo.parse((await call(app, 'GET', '/api/platform')).json()).siteName;

beforeAll(async () => {
  t = await openTestApp({ env: { SESSION_COOKIE_CACHE_SECONDS: String(COPY_SECONDS) } });
  second = await openSecondInstance(t);
  adminCookie = (await adminSession(t)).cookie;
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the plan catalogue, kept in memory', () => {
  it('shows an admin edit at once in the same process, and in another process at the commit', async () => {
    // Both processes have the catalogue in memory now.
    expect(await planNames(t.app)).toContain('Business');
    expect(await planNames(second.app)).toContain('Business');

    const { plans } = ZAdminPlansResponse.parse((await call(t.app, 'GET', '/api/admin/plans', adminCookie)).json());
    const business = plans.find((p) => p.slug === 'business')!;
    const renamed = unique('Business');
    const edited = await call(t.app, 'PUT', `/api/admin/plans/${business.id}`, adminCookie, {
      ...adminPlanInputOf(business),
      name: renamed,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(await planNames(t.app)).toContain(renamed);
    // Well within the cache's lifetime (a minute): only the notification can have told the other process.
    await expect.poll(() => planNames(second.app), { timeout: 5_000, interval: 50 }).toContain(renamed);

    expect((await call(t.app, 'POST', `/api/admin/plans/${business.id}/archive`, adminCookie)).statusCode).toBe(200);
    expect(await planNames(t.app)).not.toContain(renamed);
    await expect.poll(() => planNames(second.app), { timeout: 5_000, interval: 50 }).not.toContain(renamed);
  });

  it('follows a change made outside the application too (an operator at the database)', async () => {
    expect(await planNames(second.app)).toContain('Basic');
    await t.db.execute(sql`UPDATE plans SET name = 'Basic (edited)' WHERE slug = 'basic'`);
    await expect.poll(() => planNames(second.app), { timeout: 5_000, interval: 50 }).toContain('Basic (edited)');
    await expect.poll(() => planNames(t.app), { timeout: 5_000, interval: 50 }).toContain('Basic (edited)');
  });
});

describe('the platform settings, kept in memory', () => {
  it('apply a saved setting at once in the same process, and in another process at the commit', async () => {
    expect(await siteName(t.app)).toBe(await siteName(second.app));
    const name = unique('Faxline');
    const saved = await call(t.app, 'PUT', '/api/admin/settings', adminCookie, {
      values: { ...DEFAULT_SYSTEM_SETTINGS, siteName: name },
      secrets: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await siteName(t.app)).toBe(name);
    await expect.poll(() => siteName(second.app), { timeout: 5_000, interval: 50 }).toBe(name);

    // The effect on every request: maintenance mode saved in one process closes the other's API too.
    await call(t.app, 'PUT', '/api/admin/settings', adminCookie, {
      values: { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true },
      secrets: {},
    });
    expect((await call(t.app, 'GET', '/api/plans')).statusCode).toBe(503);
    await expect.poll(async () => (await call(second.app, 'GET', '/api/plans')).statusCode, { timeout: 5_000, interval: 50 }).toBe(503);
    expect((await call(second.app, 'POST', '/api/admin/settings/reset', adminCookie)).statusCode).toBe(200);
    expect((await call(second.app, 'GET', '/api/plans')).statusCode).toBe(200);
    await expect.poll(async () => (await call(t.app, 'GET', '/api/plans')).statusCode, { timeout: 5_000, interval: 50 }).toBe(200);
  });
});

describe("the session cookie's signed copy", () => {
  const status = async (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
    (await call(t.app, method, url, cookie, payload)).statusCode;

  it('stops page reads at the next request once a session is ended elsewhere, and could never write', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const settings = (await call(t.app, 'GET', '/api/settings', cookie)).json() as object;
    expect(await status('GET', '/api/settings', cookie)).toBe(200); // from the copy, remembered
    // Signed out elsewhere, even by hand at the database: every process hears of it (decision 109) and stops trusting the copy.
    await t.db.delete(sessions).where(eq(sessions.userId, person.id));
    await t.env.notifications.caughtUp();
    expect(await status('GET', '/api/settings', cookie)).toBe(401);
    // A write, the session check and the back office read the database anyway: refused at once.
    const copyOnly = await signInAndEnd(person.email);
    expect(await status('PUT', '/api/settings', copyOnly, settings)).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/session', copyOnly)).json()).toEqual({ session: null });
    expect(await status('GET', '/api/settings', copyOnly)).toBe(401);
  });

  it('keeps the back office closed at once to an admin demoted elsewhere', async () => {
    const person = await createUser(t, { platformRole: 'admin' });
    const cookie = await signIn(t.app, person.email);
    expect(await status('GET', '/api/admin/session', cookie)).toBe(401); // step-up first
    expect((await call(t.app, 'POST', '/api/admin-access', cookie, { password: PASSWORD })).statusCode).toBe(200);
    expect(await status('GET', '/api/admin/session', cookie)).toBe(200);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, person.id));
    expect(await status('GET', '/api/admin/session', cookie)).toBe(403);
  });

  it('lets in at once someone whose copy still says they must set up two-factor sign-in', async () => {
    const person = await createUser(t, { twoFactorSetupRequired: true });
    const cookie = await signIn(t.app, person.email);
    expect(await status('GET', '/api/settings', cookie)).toBe(403);
    // The requirement lifted (as enrolling does for the person's other sessions): the database is asked before refusing.
    await t.db.update(users).set({ twoFactorSetupRequired: false }).where(eq(users.id, person.id));
    expect(await status('GET', '/api/settings', cookie)).toBe(200);
  });

  /** A cookie whose session is already gone from the database while its copy is fresh. */
  async function signInAndEnd(email: string) {
    const cookie = await signIn(t.app, email);
    await t.db.delete(sessions).where(sql`${sessions.userId} = (SELECT id FROM users WHERE email = ${email})`);
    return cookie;
  }
});

describe('read-your-writes: a process hears of its own changes before it answers', () => {
  it('caughtUp resolves only once everything committed before the call has been handed to the handlers', async () => {
    let heard = 0;
    const stop = t.env.notifications.subscribe('test_burst', () => heard++);
    await listening(t.env.notifications);
    // Many notifications in one commit take the listening connection several reads to take in.
    const burst = 5_000;
    await t.db.execute(sql`SELECT pg_notify('test_burst', n::text) FROM generate_series(1, ${burst}) AS n`);
    await t.env.notifications.caughtUp();
    expect(heard).toBe(burst);
    stop();
  });

  it("waits for this process's own echo, not another process's", async () => {
    const proxy = await openHoldingProxy(t.env.url);
    const late = listenForNotifications(proxy.url, testLogger);
    try {
      await listening(late);
      // This process's echo is held on its way to the database (well within the echo's 2 s time limit)...
      proxy.hold();
      let caughtUp = false;
      const waiting = late.caughtUp().then(() => (caughtUp = true));
      // ...while another process's echoes, numbered by its own count from 1, arrive.
      for (let n = 0; n < 3; n += 1) await t.env.notifications.caughtUp();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(caughtUp).toBe(false);
      proxy.release();
      await waiting;
      expect(caughtUp).toBe(true);
    } finally {
      await late.close();
      await proxy.close();
    }
  });
});

describe('the fax history, kept in memory', () => {
  const history = async (app: FastifyInstance, cookie: string, query = '') => {
    const response = await call(app, 'GET', `/api/faxes${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return ZFaxListResponse.parse(response.json());
  };
  const readFlags = async (app: FastifyInstance, cookie: string) =>
    (await history(app, cookie, '?direction=inbound')).faxes.map((fax) => fax.read);

  it('shows a change at once to the process that made it, and to another process at its commit', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const received = await createFax(t, { accountId: account.id, status: 'received' });
    // Both processes keep the received tab now.
    expect(await readFlags(t.app, cookie)).toEqual([false]);
    expect(await readFlags(second.app, cookie)).toEqual([false]);

    // Opening the fax marks it read (a GET that writes): its own process shows that in the very next read...
    expect((await call(t.app, 'GET', `/api/faxes/${received.id}`, cookie)).statusCode).toBe(200);
    expect(await readFlags(t.app, cookie)).toEqual([true]);
    // ...the other once the commit's notification arrives, well within the cache's lifetime (a minute).
    await expect.poll(() => readFlags(second.app, cookie), { timeout: 5_000, interval: 50 }).toEqual([true]);

    // A deletion, made in the other process this time.
    expect((await call(second.app, 'DELETE', `/api/faxes/${received.id}`, cookie)).statusCode).toBe(200);
    expect(await readFlags(second.app, cookie)).toEqual([]);
    await expect.poll(() => readFlags(t.app, cookie), { timeout: 5_000, interval: 50 }).toEqual([]);
  });

  it('follows changes made outside the application: a status set at the database, a role taken away', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }] });
    const [member] = account.members;
    const owner = await signIn(t.app, account.owner.email);
    const user = await signIn(t.app, member!.email);
    const fax = await createFax(t, { accountId: account.id, status: 'sending' });
    const statuses = async (cookie: string) => (await history(t.app, cookie)).faxes.map((f) => f.status);
    expect(await statuses(owner)).toEqual(['sending']);
    expect((await history(t.app, user, '?direction=inbound')).faxes).toEqual([]);

    await t.db.execute(sql`UPDATE faxes SET status = 'delivered', completed_at = now() WHERE id = ${fax.id}`);
    await expect.poll(() => statuses(owner), { timeout: 5_000, interval: 50 }).toEqual(['delivered']);

    // A Billing contact may not see faxes (spec 001 §6): the kept answer goes with the role.
    await t.db.execute(sql`UPDATE account_members SET role = 'billing' WHERE user_id = ${member!.id}`);
    await expect
      .poll(async () => (await call(t.app, 'GET', '/api/faxes?direction=inbound', user)).statusCode, { timeout: 5_000, interval: 50 })
      .toBe(403);
  });
});
