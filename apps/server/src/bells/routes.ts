import { ZMarkNotificationsReadRequest, ZMarkNotificationsReadResponse, ZNotificationsResponse } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { listNotifications, markNotificationsRead, type NotificationReader } from './fax-notifications';

/**
 * The user area's bell: what happened to the faxes this person may see, and marking it read. The
 * web app asks every 10 s while the page is open.
 */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const reader = (request: FastifyRequest): NotificationReader => {
    const { user, member } = actorOf(request);
    return { userId: user.id, member };
  };

  app.get(
    '/notifications',
    { schema: { response: { 200: ZNotificationsResponse } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(db, reader(request));
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: { body: ZMarkNotificationsReadRequest, response: { 200: ZMarkNotificationsReadResponse } },
      preHandler: requireActor('anyRole'),
    },
    async (request) => markNotificationsRead(db, reader(request), request.body),
  );
};
