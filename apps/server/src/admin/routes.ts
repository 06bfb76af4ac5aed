import { ZAdminAccessRequest, ZAdminAccessResponse, ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { callAuth } from '../auth/better-auth-errors';
import { requireChangeOfWeakPassword } from '../auth/password-change';
import { forwardCookies, loadSession, requestHeaders, signedInOf } from '../auth/session';
import { openSignInGate } from '../auth/sign-in-throttle';
import { findUserByEmail, verifyPassword } from '../auth/verify-password';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { isPlatformAdmin } from '../auth/platform-role';
import { endStepUp, grantStepUp } from './step-up';

/**
 * The admin login (spec 001 §2.9 with DESIGN.md's step-up): a signed-in admin re-enters their password; a signed-out
 * visitor gives e-mail and password and is signed in only if they are an admin.
 */
export const adminAccessRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth, db, config } = deps;
  const sessionDeps = deps.sessions;
  const limit = perAddressLimit(config.rateLimitFactor);

  app.post(
    '/admin-access',
    {
      schema: { body: ZAdminAccessRequest, response: { 200: ZAdminAccessResponse } },
      config: limit(10, 60_000),
    },
    async (request, reply) => {
      const current = await loadSession(sessionDeps, request, reply);
      const email = current?.user.email ?? request.body.email;
      if (!email) throw new AppError('authentication_error', 'errors.incorrectPassword');
      const gate = await openSignInGate({ auth, db, config }, request, email);
      await gate.assertAllowed();

      const user = current?.user ?? (await findUserByEmail(db, email));
      if (!(await verifyPassword(deps, user?.id, request.body.password))) {
        await gate.recordFailure();
        throw new AppError('authentication_error', 'errors.incorrectPassword');
      }
      await gate.recordSuccess(reply);
      if (!user || !isPlatformAdmin(user)) throw new AppError('permission_denied', 'errors.invalidAdminCredentials');
      // A right password weaker than the rules now ask leads to the change step here too (decision 109).
      await requireChangeOfWeakPassword({ db, passwordPolicyOf: deps.passwordPolicyOf }, request, user.id, request.body.password);

      let sessionId = current?.session.id;
      if (!sessionId) {
        const { headers, response } = await callAuth(() =>
          auth.api.signInEmail({ body: { email, password: request.body.password }, headers: requestHeaders(request), returnHeaders: true }),
        );
        // With two-factor sign-in on, the password alone opens no session: the second step is on the sign-in page.
        if ('twoFactorRedirect' in response && response.twoFactorRedirect)
          throw new AppError('authentication_error', 'errors.signInFirstForTwoFactor');
        forwardCookies(headers, reply);
        const created = await auth.api.getSession({
          headers: new Headers({
            cookie: headers
              .getSetCookie()
              .map((c) => c.split(';')[0])
              .join('; '),
          }),
        });
        sessionId = created?.session.id;
        if (!sessionId || !response.token) throw new AppError('internal_error', 'errors.internal');
      }
      const expiresAt = await grantStepUp(db, sessionId);
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: null,
        ip: request.ip,
        action: 'admin.step_up',
        objectType: 'user',
        objectId: user.id,
        outcome: 'success',
      });
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.delete('/admin-access', { schema: { response: { 200: ZOk } }, preHandler: deps.requireSignedIn() }, async (request) => {
    await endStepUp(db, signedInOf(request).session.id);
    return { ok: true as const };
  });
};

/** What the admin guard of the web app asks: is back-office access current, and until when (behind the guard). */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/session', { schema: { response: { 200: ZAdminAccessResponse } } }, async (request) => ({
    expiresAt: request.adminAccess!.endsAt.toISOString(),
  }));
};
