import {
  EMAIL_CONFIRMED_LANDING,
  webPaths,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZOk,
  ZProfileLanguageRequest,
  ZResendConfirmationRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
  ZSignInRequest,
  ZSignInResponse,
  ZUpdateProfileRequest,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { AUTH_BASE_PATH } from './auth';
import { callAuth } from './better-auth-errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { requireChangeOfWeakPassword } from './password-change';
import { assertPasswordAllowed } from './password-rules';
import { findVerification } from './verifications';
import {
  forwardCookies,
  loadSession,
  requestHeaders,
  requireSession,
  sessionSetBy,
  signedInOf,
  toPublicSession,
  type CurrentSession,
} from './session';
import { signInWithPassword, signInWithPasswordAndCode } from './password-and-code';
import { openSignInGate } from './sign-in-throttle';

const ok = { ok: true as const };
const minute = 60_000;

/**
 * Sign-in, sign-out, session, password recovery and profile: thin routes over Better Auth, with our contracts,
 * translated errors, rate limits and the sign-in delays (auth/sign-in-throttle.ts) in front. Sign-up opens an account,
 * so it sits with the accounts (accounts/sign-up-routes.ts).
 */
export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { auth, db, config, sessions: sessionDeps, requireSignedIn, passwordSignInPolicy, passwordPolicyOf },
) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  /** A right password weaker than the account now asks: the person is signed in to choose another (decision 109). */
  const weighPassword = async (request: FastifyRequest, userId: string | null, password: string) => {
    if (userId) await requireChangeOfWeakPassword({ db, passwordPolicyOf }, request, userId, password);
  };
  const auditSignIn = (request: FastifyRequest, current: CurrentSession) =>
    recordAuditEvent(db, {
      actorUserId: current.user.id,
      accountId: null,
      ip: request.ip,
      action: 'auth.sign_in',
      objectType: 'session',
      objectId: current.session.id,
      outcome: 'success',
    });

  app.post(
    '/auth/sign-in',
    { schema: { body: ZSignInRequest, response: { 200: ZSignInResponse } }, config: limit(10, minute) },
    async (request, reply) => {
      const { identifier, password, code } = request.body;
      const gate = await openSignInGate({ auth, db, config }, request, identifier);
      await gate.assertAllowed({ secondFactor: code !== undefined });
      // An address whose organisation requires single sign-on is refused here, whatever the password.
      const onPasswordRight = await passwordSignInPolicy.check(request, identifier);
      if (code !== undefined) {
        const { headers } = await signInWithPasswordAndCode({ auth, db }, request, gate, { identifier, password, code });
        await gate.recordSuccess(reply);
        await weighPassword(request, gate.userId, password);
        await onPasswordRight?.();
        forwardCookies(headers, reply);
        const current = await sessionSetBy(auth, headers);
        if (!current) throw new AppError('internal_error', 'errors.internal');
        return { session: toPublicSession(current, request), twoFactorRequired: false };
      }
      let signedIn: Headers;
      let outcome: object;
      try {
        ({ headers: signedIn, response: outcome } = await signInWithPassword(auth, request, identifier, password));
      } catch (error) {
        if (error instanceof AppError && error.type === 'authentication_error') await gate.recordFailure();
        throw error;
      }
      // The password was right: the browser becomes a known device for the person, even with a second step to come
      // (the delays it escapes only ever guard the password).
      await gate.recordSuccess(reply);
      await weighPassword(request, gate.userId, password);
      await onPasswordRight?.();
      forwardCookies(signedIn, reply);
      // With two-factor sign-in on, the password only opens a challenge (a short-lived cookie): /auth/two-factor.
      if ('twoFactorRedirect' in outcome && outcome.twoFactorRedirect) return { session: null, twoFactorRequired: true };
      const current = await sessionSetBy(auth, signedIn);
      if (!current) throw new AppError('internal_error', 'errors.internal');
      await auditSignIn(request, current);
      return { session: toPublicSession(current, request), twoFactorRequired: false };
    },
  );

  app.post('/auth/sign-out', { schema: { response: { 200: ZOk } } }, async (request, reply) => {
    const current = await loadSession(sessionDeps, request, reply);
    if (!current) throw new AppError('authentication_error', 'errors.sessionMissing');
    const { headers } = await callAuth(() => auth.api.signOut({ headers: requestHeaders(request), returnHeaders: true }));
    forwardCookies(headers, reply);
    return ok;
  });

  app.get('/auth/session', { schema: { response: { 200: ZSessionResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The web app's word on who is signed in: from the database, so an ended session or a changed person shows at once.
    const current = await loadSession(sessionDeps, request, reply, { fresh: true });
    return { session: current ? toPublicSession(current, request) : null };
  });

  // The same answer whether or not the address has an account: the page must not reveal who is a customer.
  app.post(
    '/auth/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: { 200: ZOk } }, config: limit(5, 15 * minute) },
    async (request) => {
      await callAuth(() => auth.api.requestPasswordReset({ body: { email: request.body.email, redirectTo: webPaths.resetPassword.path } }));
      return ok;
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: ZResetPasswordRequest, response: { 200: ZOk } }, config: limit(10, 15 * minute) },
    async (request) => {
      // The person the link was sent to, for their account's rule; an unknown or spent link is refused by Better Auth.
      const link = await findVerification(db, `reset-password:${request.body.token}`, new Date());
      const { minLength } = link ? await passwordPolicyOf(db, link.value) : { minLength: undefined };
      assertPasswordAllowed(request.body.newPassword, minLength, 'body.newPassword');
      await callAuth(() => auth.api.resetPassword({ body: { token: request.body.token, newPassword: request.body.newPassword } }));
      return ok;
    },
  );

  app.post(
    '/auth/resend-confirmation',
    { schema: { body: ZResendConfirmationRequest, response: { 200: ZOk } }, config: limit(3, 15 * minute) },
    async (request) => {
      // Better Auth sends nothing for an unknown or already confirmed address, and says the same either way.
      await callAuth(() =>
        auth.api.sendVerificationEmail({ body: { email: request.body.email, callbackURL: EMAIL_CONFIRMED_LANDING } }),
      ).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      return ok;
    },
  );

  app.patch(
    '/profile',
    { schema: { body: ZUpdateProfileRequest, response: { 200: ZSessionResponse } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      const { name, image, language, timeZone } = request.body;
      await callAuth(() =>
        auth.api.updateUser({
          body: { name, image, ...(language ? { language } : {}), ...(timeZone !== undefined ? { timeZone } : {}) },
          headers: requestHeaders(request),
        }),
      );
      // The person as the change left them, for the answer.
      const current = await requireSession(sessionDeps, request, reply);
      return { session: toPublicSession(current, request) };
    },
  );

  app.put(
    '/profile/language',
    { schema: { body: ZProfileLanguageRequest, response: { 200: ZOk } }, preHandler: requireSignedIn() },
    async (request) => {
      await callAuth(() => auth.api.updateUser({ body: { language: request.body.language }, headers: requestHeaders(request) }));
      return ok;
    },
  );

  app.post(
    '/profile/password',
    {
      schema: { body: ZChangePasswordRequest, response: { 200: ZOk } },
      // The way out of the step a weak password leads to (decision 109).
      config: { ...limit(10, 15 * minute), allowDuringPasswordChange: true },
      preHandler: requireSignedIn(),
    },
    async (request, reply) => {
      const { minLength } = await passwordPolicyOf(db, signedInOf(request).user.id);
      assertPasswordAllowed(request.body.newPassword, minLength, 'body.newPassword');
      // Every other session of this person ends; this one gets a new token.
      const { headers } = await callAuth(() =>
        auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: requestHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(headers, reply);
      return ok;
    },
  );

  // The one Better Auth endpoint reached directly: the confirmation link in the e-mail, which confirms the address,
  // signs the person in and redirects to the web app.
  app.get(`${AUTH_BASE_PATH.replace(/^\/api/, '')}/verify-email`, async (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    const response = await auth.handler(new Request(url, { method: 'GET', headers: requestHeaders(request) }));
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    forwardCookies(response.headers, reply);
    return reply.send(await response.text());
  });
};
