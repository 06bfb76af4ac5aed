import { webPaths } from '@faxline/shared';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditEvent } from '../audit/record-audit-event';
import { renderActionEmail } from '../email/render-action-email';
import { sendEmailJob } from '../email/send-email-job';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import { languageOf, type Auth } from './auth';
import { rememberDevice } from './known-device';
import { signInThrottles, users, verifications } from './schema';
import { forwardCookies, requestHeaders, sessionSetBy, type CurrentSession } from './session';

/**
 * One-time sign-in links (docs/decisions/069): the way in for a person whose account strangers have pushed past its
 * ceiling of failed passwords (auth/sign-in-throttle.ts), from a browser they have not used before. A link works once,
 * for 15 minutes, and only in the browser that asked for it: that browser holds a random value in a cookie, and the
 * link's record holds its hash, so a link forwarded or phished elsewhere does nothing there.
 */
const LINK_SECONDS = 15 * 60;
/** Links one person can be sent before an hour passes without asking: enough for a lost e-mail, not a flood. */
const LINKS_PER_PERSON = 3;
const LINK_ALLOWANCE_MS = 3600 * 1000;
const COOKIE = 'faxline.sign_in_link';
const COOKIE_PATH = '/api/auth';
const BROWSER_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);
const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');
/** The link's record is named by the token and the browser together: only both find it. */
const recordKey = (token: string, browser: string) => `sign-in-link:${hashOf(`${token}.${browser}`)}`;

type Deps = { auth: Auth; db: Database; queue: Queue; config: TConfig };

function browserOf(request: FastifyRequest, secure: boolean): string | null {
  const pattern = new RegExp(`(?:^|;\\s*)${cookieName(secure).replace(/\./g, '\\.')}=([^;]+)`);
  const value = pattern.exec(request.headers.cookie ?? '')?.[1];
  return value && BROWSER_PATTERN.test(value) ? value : null;
}

function setBrowserCookie(reply: FastifyReply, secure: boolean, value: string, maxAge: number): void {
  const attributes = [`Path=${COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  reply.header('set-cookie', [`${cookieName(secure)}=${value}`, ...attributes].join('; '));
}

/**
 * E-mails a sign-in link to the person an identifier names, bound to this browser. Every request gets the same answer
 * and the same cookie, whether or not anyone is named, has a confirmed address or has had their links for the hour:
 * the caller learns nothing about who has an account.
 */
export async function requestSignInLink(deps: Deps, request: FastifyRequest, reply: FastifyReply, identifier: string): Promise<void> {
  const { db, config } = deps;
  const secure = config.secureTransport;
  const browser = browserOf(request, secure) ?? randomBytes(32).toString('base64url');
  setBrowserCookie(reply, secure, browser, LINK_SECONDS);

  const name = identifier.trim().toLowerCase();
  const [person] = await db
    .select()
    .from(users)
    .where(name.includes('@') ? sql`lower(${users.email}) = ${name}` : eq(users.username, name));
  if (!person?.emailVerified || person.banned || !(await withinAllowance(db, person.id))) return;

  const token = randomBytes(32).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: recordKey(token, browser),
    value: person.id,
    expiresAt: new Date(Date.now() + LINK_SECONDS * 1000),
  });
  // The token rides in the query string, which the logs never keep.
  const url = `${config.publicUrl}${webPaths.signInLink.path}?token=${token}`;
  await deps.queue.send(
    sendEmailJob,
    renderActionEmail({ to: person.email, name: person.name, language: languageOf(person.language), kind: 'signInLink', url }),
  );
  // Whoever asked, it is not known to be the person.
  await audit(db, request, { actorUserId: null, userId: person.id, action: 'auth.sign_in_link_sent' });
}

/** Counts one more link for the person; false once they have had their links and an hour has not passed. */
async function withinAllowance(db: Database, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ identifier: `link:user:${userId}`, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.identifier,
      set: {
        failures: sql`CASE WHEN ${signInThrottles.updatedAt} < ${new Date(now.getTime() - LINK_ALLOWANCE_MS)} THEN 1 ELSE ${signInThrottles.failures} + 1 END`,
        updatedAt: now,
      },
    })
    .returning({ count: signInThrottles.failures });
  return (row?.count ?? 1) <= LINKS_PER_PERSON;
}

/**
 * Spends a sign-in link opened in the browser that asked for it, and makes that browser known for the person. Without
 * two-factor sign-in the person is signed in (the session is returned); with it, the link stands for the password
 * only where strangers have made it insufficient: the browser is now known, and the password and a code follow as on
 * any known browser (null is returned). A link of another browser is refused without being spent.
 */
export async function signInWithLink(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<CurrentSession | null> {
  const { auth, db, config } = deps;
  const secure = config.secureTransport;
  const browser = browserOf(request, secure);
  const invalid = new AppError('invalid_request', 'errors.signInLinkInvalid');
  if (!browser) throw invalid;
  // One statement finds, checks and spends the link, so two clicks at once sign in once.
  const [spent] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, recordKey(token, browser)), gt(verifications.expiresAt, new Date())))
    .returning({ userId: verifications.value });
  if (!spent) throw invalid;
  const { userId } = spent;
  const [person] = await db.select().from(users).where(eq(users.id, userId));
  if (!person || person.banned) throw invalid;

  setBrowserCookie(reply, secure, '', 0);
  const { secret } = await auth.$context;
  rememberDevice(request, reply, { secret, secure, userId });
  await audit(db, request, { actorUserId: userId, userId, action: 'auth.sign_in_link' });
  if (person.twoFactorEnabled) return null;

  return openSessionFor(auth, request, reply, userId);
}

/**
 * Opens a session for a person another proof has just named (a spent sign-in link, or the organisation's identity
 * provider for single sign-on), as a password sign-in makes one, and puts its cookies on the reply.
 */
export async function openSessionFor(auth: Auth, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<CurrentSession> {
  const { headers } = await auth.api.openLinkSession({ body: { userId }, headers: requestHeaders(request), returnHeaders: true });
  forwardCookies(headers, reply);
  const current = await sessionSetBy(auth, headers);
  if (!current) throw new AppError('internal_error', 'errors.internal');
  return current;
}

const audit = (db: Database, request: FastifyRequest, event: { actorUserId: string | null; userId: string; action: `auth.${string}` }) =>
  recordAuditEvent(db, {
    actorUserId: event.actorUserId,
    accountId: null,
    ip: request.ip,
    action: event.action,
    objectType: 'user',
    objectId: event.userId,
    outcome: 'success',
  });
