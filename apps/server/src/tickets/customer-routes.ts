import multipart from '@fastify/multipart';
import {
  MAX_ATTACHMENTS,
  MAX_FILE_SIZE_MB_LIMIT,
  ZOk,
  ZSupportTicketDetail,
  ZSupportTicketListQuery,
  ZSupportTicketListResponse,
  ZSupportTicketParams,
  ZSupportTicketStatusRequest,
  ZTicketAttachmentParams,
  ZTicketMessage,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { signedInOf } from '../auth/session';
import type { RouteDeps } from '../route-deps';
import { addCustomerReply } from './add-customer-reply';
import { findCustomerTicket, getCustomerTicket, listCustomerTickets, type TCustomer } from './customer-tickets';
import { readReplyForm } from './read-reply-form';
import { setCustomerTicketStatus } from './set-customer-ticket-status';
import { attachmentDisposition } from './attachment-disposition';
import { openTicketAttachment } from './ticket-attachments';

const customerOf = (request: FastifyRequest): TCustomer => {
  const { user } = signedInOf(request);
  return { id: user.id, email: user.email, emailVerified: user.emailVerified };
};

/**
 * /api/support/tickets (decision 114): the signed-in person's own tickets, whatever their role on the account (a
 * Billing member has questions too): the list, one with its thread and files, a reply with files, close and reopen.
 */
export const customerTicketRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, systemSettings, requireActor }) => {
  await app.register(multipart, {
    // The largest size the back office may allow; the size in force is checked per file (check-attachments.ts).
    limits: { fileSize: MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 + 1, files: MAX_ATTACHMENTS, fields: 4, fieldSize: 64 * 1024, parts: 12 },
  });
  const preHandler = requireActor('anyRole');

  app.get(
    '/support/tickets',
    { schema: { querystring: ZSupportTicketListQuery, response: { 200: ZSupportTicketListResponse } }, preHandler },
    async (request) => listCustomerTickets(db, customerOf(request), request.query.page),
  );

  app.get(
    '/support/tickets/:id',
    { schema: { params: ZSupportTicketParams, response: { 200: ZSupportTicketDetail } }, preHandler },
    async (request) => getCustomerTicket(db, customerOf(request), request.params.id),
  );

  app.post(
    '/support/tickets/:id/replies',
    { schema: { params: ZSupportTicketParams, response: { 201: ZTicketMessage } }, preHandler },
    async (request, reply) => {
      const actor = actorOf(request);
      const { ticket } = await findCustomerTicket(db, customerOf(request), request.params.id);
      const form = await readReplyForm(request);
      const { message } = await addCustomerReply({ db, files, systemSettings }, ticket, {
        authorName: actor.user.name.trim() || ticket.name,
        body: form.body,
        uploads: form.uploads,
        via: 'web',
        audit: { actorUserId: actor.user.id, accountId: actor.member.accountId, ip: request.ip },
      });
      return reply.status(201).send(message);
    },
  );

  app.patch(
    '/support/tickets/:id',
    { schema: { params: ZSupportTicketParams, body: ZSupportTicketStatusRequest, response: { 200: ZOk } }, preHandler },
    async (request) => {
      const actor = actorOf(request);
      await setCustomerTicketStatus(db, customerOf(request), request.params.id, request.body.status, {
        accountId: actor.member.accountId,
        ip: request.ip,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/support/tickets/:id/attachments/:attachmentId',
    { schema: { params: ZTicketAttachmentParams }, preHandler },
    async (request, reply) => {
      const { ticket } = await findCustomerTicket(db, customerOf(request), request.params.id);
      const file = await openTicketAttachment({ db, files }, ticket.id, request.params.attachmentId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
