import { ZMarkNotificationsReadRequest, ZMarkNotificationsReadResponse, ZNotificationsResponse } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { listFaxBells, markFaxBellsRead, type BellReader } from './fax-bells';

/**
 * The user area's bell: what happened to the faxes this person may see, and marking it read. The
 * web app asks every 10 s while the page is open.
 */
export const bellRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const reader = (request: FastifyRequest): BellReader => {
    const { user, member } = actorOf(request);
    return { userId: user.id, member };
  };

  app.get(
    '/notifications',
    { schema: { response: { 200: ZNotificationsResponse } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFaxBells(db, reader(request));
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: { body: ZMarkNotificationsReadRequest, response: { 200: ZMarkNotificationsReadResponse } },
      preHandler: requireActor('anyRole'),
    },
    async (request) => markFaxBellsRead(db, reader(request), request.body),
  );
};
