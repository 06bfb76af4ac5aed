import type { FastifyInstance } from 'fastify';
import { isPlatformAdmin } from '../auth/platform-role';
import { requireSession, type CurrentSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { touchStepUp } from './step-up';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/admin/* requests once the guard has let them through. */
    adminAccess?: { session: CurrentSession; endsAt: Date };
  }
}

/**
 * The back office's door, on the scope every capability registers its admin routes into (app.ts): refused with 401 to
 * the signed out, 403 to anyone who is not a platform admin, and 401 `step_up_required` to an admin whose back-office
 * access has lapsed. onRequest, before the body is parsed and validated: someone who may not be here learns nothing
 * about the route.
 */
export function guardBackOffice(scope: FastifyInstance, deps: Pick<RouteDeps, 'sessions' | 'db' | 'config'>): void {
  const sessionDeps = deps.sessions;
  scope.addHook('onRequest', async (request, reply) => {
    // From the database, not the session cookie's copy: a demoted admin or an ended session is out at once.
    const current = await requireSession(sessionDeps, request, reply, { fresh: true });
    if (!isPlatformAdmin(current.user)) throw new AppError('permission_denied', 'errors.forbidden');
    const endsAt = await touchStepUp(deps.db, current.session.id);
    if (!endsAt) throw new AppError('step_up_required', 'errors.stepUpRequired');
    request.adminAccess = { session: current, endsAt };
  });
}
