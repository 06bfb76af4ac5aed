import type { TSession } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { LRUCache } from 'lru-cache';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { CLIENT_ADDRESS_HEADER, sessionCopyLifetimes, type Auth } from './auth';
import { isPlatformAdmin } from './platform-role';
import type { DatabaseNotifications } from '../platform/db/notifications';
import { lastSeenWriter, type LastSeenWriter } from './last-seen';
import { sessions } from './schema';
import { followSessionChanges, type SessionChanges } from './session-changes';

export type CurrentSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

/** Copies the cookies a Better Auth call set (sign-in, sign-out, session refresh) onto our answer. */
export function forwardCookies(headers: Headers, reply: FastifyReply): void {
  for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
}

/**
 * The request's headers for a Better Auth call, with the client's address as Fastify read it (TRUST_PROXY decides
 * whether X-Forwarded-For counts) in the one header Better Auth is told to trust: a session keeps the address it was
 * opened from (auth/auth.ts `ipAddressHeaders`), and a client cannot set it.
 */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

export type SessionReadOptions = {
  /**
   * Read the session from the database even for a page read: where a session ended elsewhere, or a change of the
   * person (platform role, two-factor), must count at once (the session check, the back office).
   */
  fresh?: boolean;
};

const PAGE_READS = new Set(['GET', 'HEAD']);

/** Reads sessions for every route: made once per application (app.ts), so that its memo is shared by all. */
export type SessionReader = {
  auth: Auth;
  db: Database;
  absoluteSeconds: number;
  /** Page reads' sessions by Cookie header, already checked against their signed copy (see sessionCopyLifetimes). */
  memo: LRUCache<string, CurrentSession> | null;
  /** Sessions ended and people changed lately, whose signed copies must not be trusted (auth/session-changes.ts). */
  changes: SessionChanges;
  /** When each session's last-seen time was last written by this process (auth/last-seen.ts). */
  lastSeen: LastSeenWriter;
};

export function createSessionReader(deps: {
  auth: Auth;
  db: Database;
  config: TConfig;
  notifications: DatabaseNotifications;
}): SessionReader {
  const { memoSeconds } = sessionCopyLifetimes(deps.config);
  return {
    auth: deps.auth,
    db: deps.db,
    absoluteSeconds: deps.config.sessionAbsoluteSeconds,
    memo: memoSeconds > 0 ? new LRUCache({ max: MEMO_ENTRIES, ttl: memoSeconds * 1000 }) : null,
    changes: followSessionChanges(deps.notifications, deps.config.sessionCookieCacheSeconds),
    lastSeen: lastSeenWriter(deps.db),
  };
}

const MEMO_ENTRIES = 10_000;

/**
 * The request's session, or null. A page read (GET) takes it from the signed copy in the session cookie while that
 * copy is young (SESSION_COOKIE_CACHE_SECONDS, a minute at most): no database round trip, and a session ended
 * elsewhere stops reading within that time. Checking the copy costs as much as a history query, so a copy once checked
 * is kept for a few seconds of that same time (the memo). Every write reads the database, so a revoked session can
 * change nothing. Better Auth ends a session left unused for the idle lifetime; here a session also ends at its
 * absolute lifetime, however active (checked on the copy too: the creation time in it is signed and never changes).
 */
export async function loadSession(
  reader: SessionReader,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SessionReadOptions = {},
): Promise<CurrentSession | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const headers = requestHeaders(request);
  const read = async (fresh: boolean) => {
    const { headers: set, response } = await reader.auth.api.getSession({
      headers,
      query: { disableCookieCache: fresh },
      returnHeaders: true,
    });
    forwardCookies(set, reply);
    return { response, setCookies: set.getSetCookie().length > 0 };
  };
  const readCopy = async () => {
    const remembered = reader.memo?.get(cookie);
    if (remembered) return remembered;
    const { response, setCookies } = await read(false);
    // Only a pure read is remembered: one that renewed the session answers with new cookies the next request sends.
    if (response && !setCookies) reader.memo?.set(cookie, response);
    return response;
  };
  const fromCopy = !options.fresh && PAGE_READS.has(request.method);
  let response = fromCopy ? await readCopy() : (await read(true)).response;
  // A copy of a session ended since, or of a person whose sign-in rules changed since, is not trusted: the database
  // says (decision 109: an ended session is signed out at its next request, not a minute later).
  if (fromCopy && response && reader.changes.outdates(response.session.id, response.user.id)) {
    reader.memo?.delete(cookie);
    response = (await read(true)).response;
  }
  // Someone the copy says must first set up two-factor sign-in (or change their password) may have done it within the
  // minute: ask the database before refusing (rare, so cheap).
  if (fromCopy && response && (mustSetUpTwoFactor(response.user, request) || mustChangePassword(response.user)))
    response = (await read(true)).response;
  if (!response) return null;
  if (response.session.createdAt.getTime() + reader.absoluteSeconds * 1000 < Date.now()) {
    reader.memo?.delete(cookie);
    await reader.db.delete(sessions).where(eq(sessions.id, response.session.id));
    return null;
  }
  await reader.lastSeen.touch(response.session.id);
  return response;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform requires two-factor sign-in of everyone (set per request from the system settings). */
    platformRequiresTwoFactor?: boolean;
  }
  interface FastifyContextConfig {
    /** The route serves a person who must set up two-factor sign-in first (the enrolment itself). */
    allowDuringTwoFactorSetup?: boolean;
    /** The route serves a person who must first choose a stronger password (the change itself, decision 109). */
    allowDuringPasswordChange?: boolean;
  }
}

/**
 * The request's session, or 401. A person who must first choose a stronger password gets 403
 * `password_change_required` from every route but the change's; one who must set up two-factor sign-in first gets 403
 * `two_factor_setup_required` from every route but the enrolment's (the password comes first).
 */
export async function requireSession(...args: Parameters<typeof loadSession>): Promise<CurrentSession> {
  const current = await loadSession(...args);
  if (!current) throw new AppError('authentication_error', 'errors.unauthenticated');
  const [, request] = args;
  if (mustChangePassword(current.user)) {
    if (request.routeOptions.config.allowDuringPasswordChange) return current;
    throw new AppError('password_change_required', 'errors.passwordChangeRequired');
  }
  if (mustSetUpTwoFactor(current.user, request) && !request.routeOptions.config.allowDuringTwoFactorSetup)
    throw new AppError('two_factor_setup_required', 'errors.twoFactorSetupRequired');
  return current;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session a route's requireSignedIn preHandler (or accounts' requireActor) let through. */
    signedIn?: CurrentSession;
  }
}

/** A route's preHandler for what belongs to the person alone (profile, settings, two-factor): requireSession. */
export function requireSignedIn(reader: SessionReader): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    request.signedIn = await requireSession(reader, request, reply);
  };
}

/** The session a route's preHandler let through; a route without one is a programming error. */
export function signedInOf(request: FastifyRequest): CurrentSession {
  if (!request.signedIn) throw new Error(`${request.routeOptions.url} reads its session without a preHandler that signs in`);
  return request.signedIn;
}

/** The session a Better Auth call has just set in its answer's cookies (sign-in, two-factor steps). */
export async function sessionSetBy(auth: Auth, responseHeaders: Headers): Promise<CurrentSession | null> {
  // From the database: the person may have changed since the copy in those cookies was signed (a weak password).
  return auth.api.getSession({ headers: cookiesAsRequestHeaders(responseHeaders), query: { disableCookieCache: true } });
}

/** The cookies a response sets, as the Cookie header of the next request: to read back the session just created. */
export function cookiesAsRequestHeaders(responseHeaders: Headers): Headers {
  return new Headers({
    cookie: responseHeaders
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  });
}

/** The session as the web app sees it (packages/shared ZSession). */
export function toPublicSession(current: CurrentSession, request: FastifyRequest): TSession {
  const { user, session } = current;
  const language = (user as { language?: string }).language;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      username: (user as { username?: string | null }).username ?? null,
      language: language === 'es' || language === 'fr' ? language : 'en',
      timeZone: (user as { timeZone?: string | null }).timeZone ?? null,
      platformRole: isPlatformAdmin(user) ? 'Admin' : 'User',
      twoFactorEnabled: twoFactorEnabled(user),
      twoFactorSetupRequired: mustSetUpTwoFactor(user, request),
      passwordChangeRequired: mustChangePassword(user),
    },
    session: { id: session.id, expiresAt: session.expiresAt.toISOString() },
  };
}

const twoFactorEnabled = (user: object) => (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;

/**
 * A person who must set up two-factor sign-in and has not done it yet: a sub-user created with the option, everyone of
 * an account that requires it (decision 109), or anyone while the platform requires it (back-office setting require2FA, read for the request by system-settings/effects.ts).
 */
export const mustSetUpTwoFactor = (user: object, request: FastifyRequest) =>
  !twoFactorEnabled(user) &&
  ((user as { twoFactorSetupRequired?: boolean | null }).twoFactorSetupRequired === true ||
    (user as { twoFactorRequiredByAccount?: boolean | null }).twoFactorRequiredByAccount === true ||
    request.platformRequiresTwoFactor === true);

/** A person who signed in with a password weaker than their account now asks (auth/password-change.ts). */
export const mustChangePassword = (user: object) => (user as { passwordChangeRequired?: boolean | null }).passwordChangeRequired === true;
