import {
  ZEndedSessionsResponse,
  ZMemberIdParams,
  ZMemberSessionParams,
  ZMemberSessionsResponse,
  ZOk,
  ZSecurityPolicy,
  ZSecurityPolicyRequest,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOf } from '../auth/session';
import type { RouteDeps } from '../route-deps';
import { actorOf } from './require-actor';
import { endMemberSession, endMemberSessions, listMemberSessions } from './member-sessions';
import { readSecurityPolicy, saveSecurityPolicy } from './security-policy';

/** The account's password and sign-in rules, and its members' devices (decision 109). */
export const accountSecurityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  // Every member may read the rules they must meet; only the owner changes them.
  app.get(
    '/account/security-policy',
    { schema: { response: { 200: ZSecurityPolicy } }, preHandler: requireActor('anyRole') },
    async (request) => readSecurityPolicy(db, actorOf(request).member.accountId),
  );

  app.put(
    '/account/security-policy',
    { schema: { body: ZSecurityPolicyRequest, response: { 200: ZSecurityPolicy } }, preHandler: requireActor('manageSecurityPolicy') },
    async (request) => saveSecurityPolicy(db, actorOf(request), request.body),
  );

  app.get(
    '/account/member-sessions',
    { schema: { response: { 200: ZMemberSessionsResponse } }, preHandler: requireActor('manageMembers') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMemberSessions(db, actorOf(request), signedInOf(request).session.id);
    },
  );

  app.delete(
    '/account/member-sessions/:userId/:sessionId',
    { schema: { params: ZMemberSessionParams, response: { 200: ZOk } }, preHandler: requireActor('manageMembers') },
    async (request) => {
      await endMemberSession(db, actorOf(request), request.params.userId, request.params.sessionId);
      return { ok: true as const };
    },
  );

  app.delete(
    '/account/member-sessions/:userId',
    { schema: { params: ZMemberIdParams, response: { 200: ZEndedSessionsResponse } }, preHandler: requireActor('manageMembers') },
    async (request) => ({ ended: await endMemberSessions(db, actorOf(request), request.params.userId) }),
  );
};
