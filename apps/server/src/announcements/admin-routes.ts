import {
  ZAdminAnnouncement,
  ZAdminAnnouncementList,
  ZAnnouncementIdParams,
  ZAnnouncementRecipients,
  ZAnnouncementRecipientsQuery,
  ZCreateAnnouncementRequest,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { announcementRecipients, listAdminAnnouncements } from './list-announcements';
import { sendAnnouncement } from './send-announcement';

/** /api/admin/announcements (decision 118): send one, list them, and read the record of who was sent what. */
export const adminAnnouncementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, queue }) => {
  app.get('/announcements', { schema: { response: { 200: ZAdminAnnouncementList } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { announcements: await listAdminAnnouncements(db) };
  });

  app.post(
    '/announcements',
    { schema: { body: ZCreateAnnouncementRequest, response: { 201: ZAdminAnnouncement } } },
    async (request, reply) => {
      const announcement = await sendAnnouncement({ db, queue }, request.body, {
        userId: request.adminAccess!.session.user.id,
        ip: request.ip,
      });
      return reply.code(201).send(announcement);
    },
  );

  app.get(
    '/announcements/:id/recipients',
    { schema: { params: ZAnnouncementIdParams, querystring: ZAnnouncementRecipientsQuery, response: { 200: ZAnnouncementRecipients } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const record = await announcementRecipients(db, request.params.id, request.query.page);
      if (!record) throw new AppError('not_found', 'errors.announcementNotFound');
      return record;
    },
  );
};
