import { ZDeviceSessionsResponse, ZEndedSessionsResponse, ZOk, ZSessionIdParams } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { endDeviceSession, endDeviceSessions, listDeviceSessions } from './device-sessions';
import { signedInOf } from './session';

/**
 * A person's own signed-in devices (/user/security, decision 109): the list, ending one, ending all the others. The
 * session the request comes with is ended by signing out, not here.
 */
export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireSignedIn }) => {
  const askerOf = (request: FastifyRequest) => {
    const { session, user } = signedInOf(request);
    return { userId: user.id, asker: { sessionId: session.id, ip: request.ip } };
  };
  const audit = (request: FastifyRequest, userId: string, action: 'session.end' | 'session.end_others', objectId: string, ended: number) =>
    recordAuditEvent(db, {
      actorUserId: userId,
      accountId: null,
      ip: request.ip,
      action,
      objectType: 'session',
      objectId,
      outcome: 'success',
      details: { userId, ended },
    });

  app.get(
    '/sessions',
    { schema: { response: { 200: ZDeviceSessionsResponse } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId, asker } = askerOf(request);
      return { sessions: (await listDeviceSessions(db, [userId], asker)).get(userId) ?? [] };
    },
  );

  app.delete(
    '/sessions/:sessionId',
    { schema: { params: ZSessionIdParams, response: { 200: ZOk } }, preHandler: requireSignedIn() },
    async (request) => {
      const { userId, asker } = askerOf(request);
      if (request.params.sessionId === asker.sessionId) throw new AppError('conflict', 'errors.endCurrentSessionBySignOut');
      await endDeviceSession(db, userId, request.params.sessionId);
      await audit(request, userId, 'session.end', request.params.sessionId, 1);
      return { ok: true as const };
    },
  );

  app.delete('/sessions', { schema: { response: { 200: ZEndedSessionsResponse } }, preHandler: requireSignedIn() }, async (request) => {
    const { userId, asker } = askerOf(request);
    const ended = await endDeviceSessions(db, userId, asker.sessionId);
    await audit(request, userId, 'session.end_others', userId, ended);
    return { ended };
  });
};
