import {
  ZAdminTicketDetail,
  ZAdminTicketListQuery,
  ZAdminTicketListResponse,
  ZAdminTicketParams,
  ZTicketAttachmentParams,
  ZTicketAssigneesResponse,
  ZTicketMessage,
  ZTicketReplyRequest,
  ZTicketUpdateRequest,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { listTicketAssignees } from './assignees';
import { attachmentDisposition } from './attachment-disposition';
import { listAdminTickets } from './list-tickets';
import { replyToTicket } from './reply-to-ticket';
import { openTicketAttachment } from './ticket-attachments';
import { findTicket, getAdminTicket } from './ticket-detail';
import { updateTicket } from './update-ticket';

/** Who answered or changed which ticket, in the audit trail. */
function auditTicket(
  db: Database,
  request: FastifyRequest,
  action: `ticket.${string}`,
  ticketId: string,
  details: Record<string, unknown>,
) {
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId: null,
    ip: request.ip,
    action,
    objectType: 'support_ticket',
    objectId: ticketId,
    outcome: 'success',
    details,
  });
}

/**
 * /api/admin/tickets (spec 001 §2.11 /admin/support-tickets): the tickets with filters and paging, one ticket with its
 * thread and the files the person sent, replies (e-mailed to the person) and changes of status, priority and assignee.
 */
export const adminTicketRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, queue, config, files }) => {
  const params = ZAdminTicketParams;

  app.get('/tickets', { schema: { querystring: ZAdminTicketListQuery, response: { 200: ZAdminTicketListResponse } } }, async (request) =>
    listAdminTickets(db, request.query),
  );

  app.get('/tickets/assignees', { schema: { response: { 200: ZTicketAssigneesResponse } } }, async () => ({
    assignees: await listTicketAssignees(db),
  }));

  app.get('/tickets/:id', { schema: { params, response: { 200: ZAdminTicketDetail } } }, async (request) =>
    getAdminTicket(db, request.params.id),
  );

  // A file the person sent with a reply, as they sent it (it passed the upload checks before it was kept).
  app.get('/tickets/:id/attachments/:attachmentId', { schema: { params: ZTicketAttachmentParams } }, async (request, reply) => {
    const { row } = await findTicket(db, request.params.id);
    const file = await openTicketAttachment({ db, files }, row.id, request.params.attachmentId);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  app.post(
    '/tickets/:id/replies',
    { schema: { params, body: ZTicketReplyRequest, response: { 201: ZTicketMessage } } },
    async (request, reply) => {
      const admin = request.adminAccess!.session.user;
      const { message, statusChanged } = await replyToTicket({ db, queue, config }, request.params.id, admin, request.body.body);
      await auditTicket(db, request, 'ticket.reply', request.params.id, {
        messageId: message.id,
        length: message.body.length,
        ...(statusChanged ? { changes: { status: { from: 'open', to: 'in_progress' } } } : {}),
      });
      return reply.status(201).send(message);
    },
  );

  app.patch('/tickets/:id', { schema: { params, body: ZTicketUpdateRequest, response: { 200: ZAdminTicketDetail } } }, async (request) => {
    const { changes } = await updateTicket(db, request.params.id, request.body);
    if (Object.keys(changes).length > 0) await auditTicket(db, request, 'ticket.update', request.params.id, { changes });
    return getAdminTicket(db, request.params.id);
  });
};
