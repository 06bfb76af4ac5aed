import { roleMay, type TRolePermission } from '@faxline/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requireSignedIn, signedInOf, type SessionReader } from '../auth/session';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { AccountLifecycle } from './account-lifecycle';
import type { Actor } from './actor';
import { membershipOf } from './membership';

/** What a route asks of its caller's role: a permission of `roleMay`, or only to be a member of an account. */
export type ActorPermission = TRolePermission | 'anyRole';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member acting on their account, set by the requireActor preHandler. */
    actor?: Actor;
  }
}

/**
 * The one way a portal route learns who is asking (app.ts builds them once into every route plugin's RouteDeps): a
 * route names its caller with a preHandler, and its handler reads it with `actorOf` (or auth's `signedInOf`). The
 * signed out get 401, a person who must first set up two-factor sign-in 403 (auth/session.ts requireSession), and a
 * member whose role lacks the route's permission 403 `errors.forbidden`.
 */
export type ActorGuards = {
  /** The signed-in member of an account whose role has `permission`: the route's whole permission check. */
  requireActor(permission: ActorPermission): preHandlerAsyncHookHandler;
  /** Signed in, the account not read: for what belongs to the person alone (profile, settings, two-factor). */
  requireSignedIn(): preHandlerAsyncHookHandler;
  /**
   * The actor of a request that requireSignedIn let through, read now: for the route that reads the account only when
   * its cache cannot answer (the fax history, decision 035).
   */
  actorFor(request: FastifyRequest, permission: ActorPermission): Promise<Actor>;
};

export function createActorGuards(deps: {
  db: Database;
  sessions: SessionReader;
  lifecycle: Pick<AccountLifecycle, 'opened'>;
}): ActorGuards {
  const signIn = requireSignedIn(deps.sessions);

  async function actorFor(request: FastifyRequest, permission: ActorPermission): Promise<Actor> {
    const { user, session } = signedInOf(request);
    const member = await membershipOf(deps, user, session.createdAt);
    if (permission !== 'anyRole' && !roleMay(member.role, permission)) throw new AppError('permission_denied', 'errors.forbidden');
    return { user: user as typeof user & { language?: string | null }, member, ip: request.ip };
  }

  return {
    requireActor: (permission) =>
      async function requireActor(request, reply) {
        await signIn.call(this, request, reply);
        request.actor = await actorFor(request, permission);
      },
    requireSignedIn: () => signIn,
    actorFor,
  };
}

/** The caller a route's requireActor preHandler let through; a route without it is a programming error. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`${request.routeOptions.url} reads its actor without requireActor`);
  return request.actor;
}
