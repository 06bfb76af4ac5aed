import { ZAdminAccessRequest, ZAdminAccessResponse, ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { callAuth } from '../auth/better-auth-errors';
import type { AuthRouteDeps } from '../auth/routes';
import { forwardCookies, loadSession, requestHeaders, requireSession, type CurrentSession } from '../auth/session';
import { openSignInGate } from '../auth/sign-in-throttle';
import { findUserByEmail, verifyPassword } from '../auth/verify-password';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import { adminUserRoutes } from '../accounts/admin-users-routes';
import { adminAuditRoutes } from '../audit/admin-routes';
import { adminContentRoutes } from '../content/admin-routes';
import type { FileStore } from '../documents/encrypted-file-store';
import { adminNumberRoutes } from '../numbers/admin-routes';
import { adminPlanRoutes } from '../plans/admin-routes';
import type { PlanCatalogue } from '../plans/catalogue';
import type { Queue } from '../platform/queue/queue';
import { adminSettingsRoutes } from '../system-settings/routes';
import { adminTicketRoutes } from '../tickets/admin-routes';
import { adminAnalyticsRoutes } from './analytics-routes';
import { adminDashboardRoutes } from './dashboard-routes';
import { endStepUp, grantStepUp, touchStepUp } from './step-up';

const isPlatformAdmin = (user: { role?: string | null }) => user.role === 'admin';

/**
 * The admin login (spec 001 §2.9 with DESIGN.md's step-up): a signed-in admin re-enters their password; a signed-out
 * visitor gives e-mail and password and is signed in only if they are an admin.
 */
export const adminAccessRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const { auth, db, config } = deps;
  const sessionDeps = { auth, db, absoluteSeconds: config.sessionAbsoluteSeconds };
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
      const gate = await openSignInGate({ auth, db, secure: config.secureTransport }, request, email);
      await gate.assertAllowed();

      const user = current?.user ?? (await findUserByEmail(db, email));
      if (!(await verifyPassword(deps, user?.id, request.body.password))) {
        await gate.recordFailure();
        throw new AppError('authentication_error', 'errors.incorrectPassword');
      }
      await gate.recordSuccess(reply);
      if (!user || !isPlatformAdmin(user as { role?: string | null }))
        throw new AppError('permission_denied', 'errors.invalidAdminCredentials');

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

  app.delete('/admin-access', { schema: { response: { 200: ZOk } } }, async (request, reply) => {
    const current = await requireSession(sessionDeps, request, reply);
    await endStepUp(db, current.session.id);
    return { ok: true as const };
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/admin/* requests once the guard has let them through. */
    adminAccess?: { session: CurrentSession; endsAt: Date };
  }
}

/**
 * Everything under /api/admin: refused with 401 to the signed out, 403 to anyone who is not a platform admin, and 401
 * `step_up_required` to an admin whose back-office access has lapsed. Capabilities add their admin routes here.
 */
export type AdminRouteDeps = AuthRouteDeps & { files: FileStore; queue: Queue; planCatalogue: PlanCatalogue };

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, options) => {
  // Registration options carry this plugin's own prefix: passing them on as they are would prefix the sections twice.
  const { prefix: _ownPrefix, ...deps } = options as AdminRouteDeps & { prefix?: string };
  const { auth, db, config } = deps;
  const sessionDeps = { auth, db, absoluteSeconds: config.sessionAbsoluteSeconds };
  // onRequest, before the body is parsed and validated: someone who may not be here learns nothing about the route.
  app.addHook('onRequest', async (request, reply) => {
    // From the database, not the session cookie's copy: a demoted admin or an ended session is out at once.
    const current = await requireSession(sessionDeps, request, reply, { fresh: true });
    if (!isPlatformAdmin(current.user as { role?: string | null })) throw new AppError('permission_denied', 'errors.forbidden');
    const endsAt = await touchStepUp(db, current.session.id);
    if (!endsAt) throw new AppError('step_up_required', 'errors.stepUpRequired');
    request.adminAccess = { session: current, endsAt };
  });

  // What the admin guard of the web app asks: is back-office access current, and until when.
  app.get('/session', { schema: { response: { 200: ZAdminAccessResponse } } }, async (request) => ({
    expiresAt: request.adminAccess!.endsAt.toISOString(),
  }));

  // Each section of the back office (spec 001 §2.11), in the folder of what it manages.
  await app.register(adminDashboardRoutes, deps);
  await app.register(adminUserRoutes, deps);
  await app.register(adminPlanRoutes, deps);
  await app.register(adminNumberRoutes, deps);
  await app.register(adminAnalyticsRoutes, deps);
  await app.register(adminTicketRoutes, deps);
  await app.register(adminContentRoutes, deps);
  await app.register(adminAuditRoutes, deps);
  await app.register(adminSettingsRoutes, deps);
};
