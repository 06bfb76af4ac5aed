import { ZActiveAnnouncements, ZAnnouncementIdParams, ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOf } from '../auth/session';
import type { RouteDeps } from '../route-deps';
import { bannerAnnouncementsOf, dismissAnnouncement } from './banner-announcements';

/** The portal's announcement banners (decision 118): the signed-in person's, and their dismissal. */
export const announcementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireSignedIn }) => {
  app.get(
    '/announcements',
    { schema: { response: { 200: ZActiveAnnouncements } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { announcements: await bannerAnnouncementsOf(db, signedInOf(request).user.id, request.language) };
    },
  );

  app.post(
    '/announcements/:id/dismiss',
    { schema: { params: ZAnnouncementIdParams, response: { 200: ZOk } }, preHandler: requireSignedIn() },
    async (request) => {
      await dismissAnnouncement(db, signedInOf(request).user.id, request.params.id);
      return { ok: true as const };
    },
  );
};
