import { ZApiError } from '@faxline/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app';
import { createAuth } from '../../src/auth/auth';
import { rememberedPasswords } from './remembered-passwords';
import type { NewPerson } from '../../src/accounts/create-person';
import { loadConfig, type TConfig } from '../../src/platform/config';
import type { Logger } from '../../src/platform/logger';
import { createUser, type TestPerson } from '@test-support/factories/accounts';
import { PASSWORD } from '@test-support/factories/values';
import { openTestEnvironment, testLogger } from './test-database';
import { organizationTables } from '../../src/accounts/schema';
import { documentKeysOf } from '../../src/faxes/fax-records';
import { checkV1AnswersWithPrism } from './prism-conformance';

export const TEST_ORIGIN = 'http://localhost:3999';

export function testConfig(env: Record<string, string> = {}): TConfig {
  return loadConfig({ NODE_ENV: 'test', PORT: '3999', WEB_DIST_DIR: '', AUTH_SECRET: 'test-secret-'.padEnd(40, 'x'), ...env });
}

export type TestApp = Awaited<ReturnType<typeof openTestApp>>;

/**
 * The whole HTTP application on a test file's own database, with a worker so that jobs (e-mail) run unless `work` is
 * false (jobs then stay queued), logging to `logger` when a test reads the logs.
 */
export async function openTestApp(
  options: {
    env?: Record<string, string>;
    work?: boolean;
    logger?: Logger;
    /** Another app on the same database and queue (a second API server): closing this one leaves them open. */
    sharing?: { env: Awaited<ReturnType<typeof openTestEnvironment>> };
    /** The DNS TXT look-up for single sign-on's domain proof (`testDnsResolver`). */
    resolveTxt?: AppDeps['resolveTxt'];
  } = {},
) {
  const config = testConfig(options.env);
  const logger = options.logger ?? testLogger;
  const env = options.sharing?.env ?? (await openTestEnvironment({ work: options.work ?? true, config, logger }));
  const auth = createAuth({
    db: env.database.db,
    queue: env.queue,
    config,
    secret: config.authSecret!,
    logger,
    organizationTables,
    passwordHashing: rememberedPasswords,
  });
  let shuttingDown = false;
  let canServe = true;
  const app = await buildApp({
    config,
    logger,
    database: env.database,
    notifications: env.notifications,
    queue: env.queue,
    auth,
    files: env.files,
    isShuttingDown: () => shuttingDown,
    canServe: () => canServe,
    ...(options.resolveTxt ? { resolveTxt: options.resolveTxt } : {}),
  });
  checkV1AnswersWithPrism(app);
  return {
    app,
    auth,
    config,
    db: env.database.db,
    /** The encrypted file store, for `createFax` with files. */
    files: env.files,
    env,
    setShuttingDown: (value: boolean) => (shuttingDown = value),
    /** As a server whose embedded database could not be started again (decision 065). */
    setCanServe: (value: boolean) => (canServe = value),
    close: async () => {
      // The file's tests are over: nothing it waits for is in flight. A connection that never sent a request (a client's
      // spare, or one cut while connecting) is not idle to Node, and would hold the close for its 60-s headers timeout.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      if (!options.sharing) await env.close();
    },
  };
}

/** The Cookie header a browser would send after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A different client address for each call (inject only labels the request; nothing is sent anywhere), so that the
 * per-address rate limits meet only the tests that are about them.
 */
export const someClientAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

/** A sign-in attempt from the client address given, as the sign-in form sends it; the caller judges the answer. */
export function signInFrom(
  app: FastifyInstance,
  address: string,
  identifier: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { identifier, password },
    remoteAddress: address,
  });
}

/** Signs in through the API and returns the session cookie. */
export async function signIn(app: FastifyInstance, identifier: string, password = PASSWORD): Promise<string> {
  const response = await signInFrom(app, someClientAddress(), identifier, password);
  expect(response.statusCode, response.body).toBe(200);
  return cookiesFrom(response);
}

/** What `callApi` may add to a request; every request gets the test origin (the CSRF check). */
export interface ApiCallOptions {
  /** The Cookie header, sent when given (not when empty). */
  cookie?: string;
  /** The JSON body, sent when given. */
  payload?: object;
  /** Further headers, last (they may override the ones set here). */
  headers?: Record<string, string>;
  /** The Accept-Language header, sent when given. */
  language?: string;
  /** The client address (e.g. `someClientAddress()`, to keep clear of the per-address rate limits); inject's own when not given. */
  remoteAddress?: string;
}

/** One request to the API as the web app sends it: from the test origin, with the cookie, language and body given. */
export function callApi(app: FastifyInstance, method: InjectOptions['method'], url: string, options: ApiCallOptions = {}) {
  const { cookie, payload, headers = {}, language, remoteAddress } = options;
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...headers,
    },
    ...(payload !== undefined ? { payload } : {}),
    ...(remoteAddress !== undefined ? { remoteAddress } : {}),
  });
}

/**
 * A platform admin (`overrides` merged) signed in with current back-office access: the admin login's step-up
 * (POST /api/admin-access with the password) done. Returns the person as `createUser` made them and the session cookie.
 */
export async function adminSession(t: TestApp, overrides: Partial<NewPerson> = {}): Promise<{ person: TestPerson; cookie: string }> {
  const person = await createUser(t, { platformRole: 'admin', ...overrides });
  const cookie = await signIn(t.app, person.email, person.password);
  const granted = await callApi(t.app, 'POST', '/api/admin-access', {
    cookie,
    payload: { password: person.password },
    remoteAddress: someClientAddress(),
    // From the app's own address (a test may give it another PUBLIC_URL).
    headers: { origin: new URL(t.config.publicUrl).origin },
  });
  if (granted.statusCode !== 200)
    throw new Error(`The admin step-up (POST /api/admin-access) answered ${granted.statusCode}: ${granted.body}`);
  return { person, cookie };
}

export type AdminTestApp = TestApp & { admin: TestPerson; cookie: string };

/** The test app with a platform admin signed in and stepped up (`adminSession`), as the back-office tests start. */
export async function openAdminTestApp(options: Parameters<typeof openTestApp>[0] = {}): Promise<AdminTestApp> {
  const t = await openTestApp(options);
  const { person, cookie } = await adminSession(t);
  return { ...t, admin: person, cookie };
}

/** The `error` of an error answer, checked against the public contract. */
export const errorOf = (response: { json: () => unknown }) => ZApiError.parse(response.json()).error;

/** Waits for the e-mail job to deliver to the local mailbox and returns the newest message for the address. */
export async function latestEmailTo(app: FastifyInstance, to: string, matching: RegExp = /./) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
        const { messages } = response.json() as { messages: Array<{ subject: string; text: string }> };
        found = messages.find((m) => matching.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(text: string): URL {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in:\n${text}`);
  return new URL(match[0]);
}

/** What a worker hands a job, from a test app's own parts, with the number's slot always free: for a job run by hand. */
export function jobDepsOf(t: TestApp) {
  return {
    db: t.db,
    files: t.files,
    systemSettings: t.env.systemSettings,
    faxFilesOf: documentKeysOf,
    queue: t.env.queue,
    config: t.config,
    logger: testLogger,
    holdLock: async () => true,
  };
}
