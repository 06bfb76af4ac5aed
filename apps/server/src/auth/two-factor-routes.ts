import {
  ZSessionResponse,
  ZTwoFactorBackupCodesRequest,
  ZTwoFactorBackupCodesResponse,
  ZTwoFactorChallengeRequest,
  ZTwoFactorConfirmRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnrolRequest,
  ZTwoFactorEnrolResponse,
} from '@faxline/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import { callAuth } from './better-auth-errors';
import type { RouteDeps } from '../route-deps';
import { sessions, verifications } from './schema';
import { forwardCookies, requestHeaders, requireSession, sessionSetBy, signedInOf, toPublicSession, type CurrentSession } from './session';
import { claimTotpCode, wasTotpCodeUsed } from './used-totp-codes';

const minute = 60_000;

/**
 * Two-factor sign-in with an authenticator app: enrolment, switching it off, new backup codes, and the
 * second step of sign-in. Better Auth's two-factor plugin keeps the secret and the backup codes (encrypted), counts
 * wrong codes per challenge and locks after repeated failures; here a code is also accepted once only.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { auth, db, config, sessions: sessionDeps, requireSignedIn },
) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  // The enrolment routes serve the people who are made to enrol before anything else.
  const enrolment = (max: number) => ({ ...limit(max, 15 * minute), allowDuringTwoFactorSetup: true });

  const audit = (request: FastifyRequest, userId: string, action: `${string}.${string}`, outcome: 'success' | 'failure') =>
    recordAuditEvent(db, { actorUserId: userId, accountId: null, ip: request.ip, action, objectType: 'user', objectId: userId, outcome });

  /** After a call that replaced the session cookie, the session as it is now (the old cookie names nothing). */
  async function sessionAfter(request: FastifyRequest, reply: FastifyReply, headers: Headers): Promise<CurrentSession> {
    forwardCookies(headers, reply);
    const renewed = headers.getSetCookie().length > 0 ? await sessionSetBy(auth, headers) : null;
    return renewed ?? requireSession(sessionDeps, request, reply);
  }

  app.post(
    '/two-factor/enrol',
    {
      schema: { body: ZTwoFactorEnrolRequest, response: { 200: ZTwoFactorEnrolResponse } },
      config: enrolment(10),
      preHandler: requireSignedIn(),
    },
    async (request) => {
      const enabled = await callAuth(() =>
        auth.api.enableTwoFactor({ body: { password: request.body.password, method: 'totp' }, headers: requestHeaders(request) }),
      );
      if (enabled.method !== 'totp') throw new AppError('internal_error', 'errors.internal');
      const { totpURI, backupCodes } = enabled;
      return { totpUri: totpURI, key: new URL(totpURI).searchParams.get('secret') ?? '', backupCodes };
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      schema: { body: ZTwoFactorConfirmRequest, response: { 200: ZSessionResponse } },
      config: enrolment(20),
      preHandler: requireSignedIn(),
    },
    async (request, reply) => {
      const { user } = signedInOf(request);
      const { code } = request.body;
      const { headers } = await callAuth(() =>
        auth.api.verifyTOTP({ body: { code }, headers: requestHeaders(request), returnHeaders: true }),
      );
      // The code that confirmed the enrolment must not also sign someone in.
      await claimTotpCode(db, user.id, code);
      await audit(request, user.id, 'two_factor.enable', 'success');
      return { session: toPublicSession(await sessionAfter(request, reply, headers), request) };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      schema: { body: ZTwoFactorDisableRequest, response: { 200: ZSessionResponse } },
      config: limit(10, 15 * minute),
      preHandler: requireSignedIn(),
    },
    async (request, reply) => {
      const { user } = signedInOf(request);
      const { headers } = await callAuth(() =>
        auth.api.disableTwoFactor({ body: { password: request.body.password }, headers: requestHeaders(request), returnHeaders: true }),
      );
      await audit(request, user.id, 'two_factor.disable', 'success');
      return { session: toPublicSession(await sessionAfter(request, reply, headers), request) };
    },
  );

  app.post(
    '/two-factor/backup-codes',
    {
      schema: { body: ZTwoFactorBackupCodesRequest, response: { 200: ZTwoFactorBackupCodesResponse } },
      config: limit(10, 15 * minute),
      preHandler: requireSignedIn(),
    },
    async (request) => {
      const { user } = signedInOf(request);
      const { backupCodes } = await callAuth(() =>
        auth.api.generateBackupCodes({ body: { password: request.body.password }, headers: requestHeaders(request) }),
      );
      await audit(request, user.id, 'two_factor.backup_codes', 'success');
      return { backupCodes };
    },
  );

  /**
   * The person whose sign-in waits for a second step: the challenge cookie set by /auth/sign-in holds the identifier
   * of a short-lived verification row naming them. Better Auth checks the cookie's signature when it verifies.
   */
  async function pendingChallengeUserId(request: FastifyRequest): Promise<string | null> {
    const cookie = /(?:^|;\s*)(?:__Secure-)?faxline\.two_factor=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie) return null;
    const signed = decodeURIComponent(cookie);
    const identifier = signed.slice(0, signed.lastIndexOf('.'));
    const [row] = await db
      .select({ userId: verifications.value })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
    return row?.userId ?? null;
  }

  // The second step of sign-in.
  app.post(
    '/auth/two-factor',
    { schema: { body: ZTwoFactorChallengeRequest, response: { 200: ZSessionResponse } }, config: limit(10, minute) },
    async (request, reply) => {
      const { method, code } = request.body;
      const userId = await pendingChallengeUserId(request);
      if (!userId) throw new AppError('two_factor_challenge_expired', 'errors.twoFactorChallengeExpired');
      // A replayed code is refused before it spends the challenge: the person can type the next code.
      if (method === 'totp' && (await wasTotpCodeUsed(db, userId, code))) {
        await audit(request, userId, 'auth.two_factor_sign_in', 'failure');
        throw new AppError('authentication_error', 'errors.twoFactorCodeUsed');
      }
      const headers = requestHeaders(request);
      const { headers: signedIn } = await callAuth(() =>
        method === 'totp'
          ? auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
          : auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true }),
      );
      const current = await sessionSetBy(auth, signedIn);
      if (!current) throw new AppError('internal_error', 'errors.internal');
      if (method === 'totp' && !(await claimTotpCode(db, current.user.id, code))) {
        // The same code on two challenges at once: one wins; the other's session is closed and never handed out.
        await db.delete(sessions).where(eq(sessions.id, current.session.id));
        await audit(request, current.user.id, 'auth.two_factor_sign_in', 'failure');
        throw new AppError('authentication_error', 'errors.twoFactorCodeUsed');
      }
      forwardCookies(signedIn, reply);
      await audit(request, current.user.id, 'auth.two_factor_sign_in', 'success');
      return { session: toPublicSession(current, request) };
    },
  );
};
