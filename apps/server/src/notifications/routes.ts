import { ZMarkNotificationsReadRequest, ZMarkNotificationsReadResponse, ZNotificationsResponse } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import type { RouteDeps } from '../platform/http/route-deps';
import { listNotifications, markNotificationsRead, type NotificationReader } from './fax-notifications';

/**
 * The user area's bell: what happened to the faxes this person may see, and marking it read. The
 * web app asks every 10 s while the page is open.
 */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function reader(request: FastifyRequest, reply: FastifyReply): Promise<NotificationReader> {
    const { user } = await requireSession(sessionDeps, request, reply);
    return { userId: user.id, member: await membershipOf(db, user) };
  }

  app.get('/notifications', { schema: { response: { 200: ZNotificationsResponse } } }, async (request, reply) => {
    const who = await reader(request, reply);
    reply.header('cache-control', 'no-store');
    return listNotifications(db, who);
  });

  app.post(
    '/notifications/read',
    { schema: { body: ZMarkNotificationsReadRequest, response: { 200: ZMarkNotificationsReadResponse } } },
    async (request, reply) => markNotificationsRead(db, await reader(request, reply), request.body),
  );
};
