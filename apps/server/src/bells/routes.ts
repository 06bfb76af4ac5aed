import { ZMarkNotificationsReadRequest, ZMarkNotificationsReadResponse, ZNotificationsResponse } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import type { RouteDeps } from '../route-deps';
import { listFaxBells, markFaxBellsRead, type BellReader } from './fax-bells';

/**
 * The user area's bell: what happened to the faxes this person may see, and marking it read. The
 * web app asks every 10 s while the page is open.
 */
export const bellRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function reader(request: FastifyRequest, reply: FastifyReply): Promise<BellReader> {
    const { user } = await requireSession(sessionDeps, request, reply);
    return { userId: user.id, member: await membershipOf(db, user) };
  }

  app.get('/notifications', { schema: { response: { 200: ZNotificationsResponse } } }, async (request, reply) => {
    const who = await reader(request, reply);
    reply.header('cache-control', 'no-store');
    return listFaxBells(db, who);
  });

  app.post(
    '/notifications/read',
    { schema: { body: ZMarkNotificationsReadRequest, response: { 200: ZMarkNotificationsReadResponse } } },
    async (request, reply) => markFaxBellsRead(db, await reader(request, reply), request.body),
  );
};
