import { ZAdminNotificationsResponse, ZMarkNotificationsReadRequest, ZMarkNotificationsReadResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { listPlatformBells, markPlatformBellsRead } from './platform-bells';

/**
 * The back office's bell: sign-ups, support tickets, failing faxes and disabled webhook endpoints
 * across the platform, read or not per operator. Mounted in the guarded /api/admin scope (app.ts).
 */
export const adminBellRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/notifications', { schema: { response: { 200: ZAdminNotificationsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPlatformBells(db, request.adminAccess!.session.user.id);
  });

  app.post(
    '/notifications/read',
    { schema: { body: ZMarkNotificationsReadRequest, response: { 200: ZMarkNotificationsReadResponse } } },
    async (request) => markPlatformBellsRead(db, request.adminAccess!.session.user.id, request.body),
  );
};
