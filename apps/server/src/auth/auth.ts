import { LANGUAGES, PASSWORD_MIN_LENGTH, type TLanguage, webPaths } from '@faxline/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { PgTable } from 'drizzle-orm/pg-core';
import { admin } from 'better-auth/plugins/admin';
import { organization } from 'better-auth/plugins/organization';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { username } from 'better-auth/plugins/username';
import { renderActionEmail } from '../email/render-action-email';
import { sendEmailJob } from '../email/send-email-job';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { betterAuthLogger, type Logger } from '../platform/logger';
import type { Queue } from '../platform/queue/queue';
import { authCredentials, sessions, twoFactors, users, verifications } from './schema';
import { signInLinkSessions } from './sign-in-link-session';

export const AUTH_BASE_PATH = '/api/better-auth';

/** The header that carries the client's address, as Fastify read it, into Better Auth (auth/session.ts requestHeaders). */
export const CLIENT_ADDRESS_HEADER = 'x-faxline-client-address';

export const languageOf = (value: unknown): TLanguage => ((LANGUAGES as readonly unknown[]).includes(value) ? (value as TLanguage) : 'en');

/**
 * Better Auth: people, passwords (scrypt), sessions in http-only cookies, e-mail confirmation and password reset
 * tokens, usernames, the platform admin role, accounts (its organization plugin) and two-factor sign-in. Our routes
 * (auth/routes.ts) call it on the server; only the e-mailed confirmation link reaches its own HTTP handler.
 */
/**
 * How SESSION_COOKIE_CACHE_SECONDS, the longest a page read may trust a session without the database, is shared between
 * the signed copy in the cookie and the few seconds a process keeps a copy it has checked (auth/session.ts): together
 * never longer than the setting, so a revoked session still stops reading within it.
 */
export function sessionCopyLifetimes(config: Pick<TConfig, 'sessionCookieCacheSeconds'>): { copySeconds: number; memoSeconds: number } {
  const memoSeconds = Math.floor(config.sessionCookieCacheSeconds / 12);
  return { copySeconds: config.sessionCookieCacheSeconds - memoSeconds, memoSeconds };
}

/**
 * The customer accounts' tables, which Better Auth's organization plugin manages as its `organization`, `member` and
 * `invitation` models: they belong to accounts/, above auth/, so whoever creates Better Auth hands them over
 * (accounts/schema.ts, `organizationTables`).
 */
export type OrganizationTables = { organization: PgTable; member: PgTable; invitation: PgTable };

/** How passwords are hashed and checked: Better Auth's own scrypt unless given (tests give it remembered: the same). */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export function createAuth(deps: {
  db: Database;
  queue: Queue;
  config: TConfig;
  secret: string;
  logger: Logger;
  organizationTables: OrganizationTables;
  passwordHashing?: PasswordHashing;
}) {
  const { db, queue, config } = deps;
  const sendActionEmail = async (kind: 'confirm' | 'reset', user: { email: string; name: string; language?: unknown }, url: string) => {
    await queue.send(sendEmailJob, renderActionEmail({ to: user.email, name: user.name, language: languageOf(user.language), kind, url }));
  };

  return betterAuth({
    appName: 'Faxline',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: betterAuthLogger(deps.logger),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authCredentials,
        verification: verifications,
        ...deps.organizationTables,
        twoFactor: twoFactors,
      },
    }),
    user: {
      additionalFields: {
        language: { type: 'string', required: false, defaultValue: 'en', input: true },
        timeZone: { type: 'string', required: false, input: true },
        twoFactorSetupRequired: { type: 'boolean', required: false, defaultValue: false, input: false },
        twoFactorRequiredByAccount: { type: 'boolean', required: false, defaultValue: false, input: false },
        passwordChangeRequired: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: config.emailConfirmation,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      // Our own page reads the token and posts the new password (auth/routes.ts).
      sendResetPassword: async ({ user, token }) =>
        sendActionEmail('reset', user, `${config.publicUrl}${webPaths.resetPassword.path}?token=${encodeURIComponent(token)}`),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => sendActionEmail('confirm', user, url),
    },
    session: {
      // Idle lifetime: each use more than `updateAge` after the last extension pushes the end further.
      expiresIn: config.sessionIdleSeconds,
      updateAge: Math.min(3600, Math.floor(config.sessionIdleSeconds / 4)),
      // A signed copy of the session and person in a second cookie, trusted for a minute at most, so that an ordinary
      // page read needs no database round trip (auth/session.ts decides which reads may use it). Never refreshed
      // from itself: once it lapses, the next read goes to the database, where a revoked session is found gone.
      cookieCache:
        config.sessionCookieCacheSeconds > 0
          ? { enabled: true, maxAge: sessionCopyLifetimes(config).copySeconds, strategy: 'compact', refreshCache: false }
          : { enabled: false },
    },
    advanced: {
      cookiePrefix: 'faxline',
      useSecureCookies: config.secureTransport,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // A session keeps the address it was opened from, as Fastify read it (TRUST_PROXY decides about X-Forwarded-For).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Limits live in Fastify (auth/routes.ts), in front of every route, with translated answers.
    rateLimit: { enabled: false },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 40, usernameValidator: (name) => /^[a-zA-Z0-9._-]+$/.test(name) }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      organization({ allowUserToCreateOrganization: false }),
      twoFactor({ issuer: 'Faxline' }),
      signInLinkSessions(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
