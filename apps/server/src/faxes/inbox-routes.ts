import { ZInboxInput, ZInboxList, ZInboxParams, ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Membership } from '../accounts/membership';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { deleteInbox, listInboxes, saveInbox } from '../inboxes/inboxes';
import { newFaxesByInbox } from './inbox-faxes';

/**
 * The account's shared inboxes (decision 103): listed for every member who uses faxes, each with its new faxes counted
 * (hence here, above both), made by the owner and sub-admins.
 */
export const inboxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const listed = async (member: Membership, userId: string) => listInboxes(db, member, userId, await newFaxesByInbox(db, member.accountId));

  app.get('/inboxes', { schema: { response: { 200: ZInboxList } }, preHandler: requireActor('useFaxes') }, async (request) => {
    const { member, user } = actorOf(request);
    return listed(member, user.id);
  });

  app.post(
    '/inboxes',
    { schema: { body: ZInboxInput, response: { 200: ZInboxList } }, preHandler: requireActor('manageInboxes') },
    async (request) => {
      const { member, user } = actorOf(request);
      const id = await saveInbox(db, member, request.body);
      await audit(user.id, member.accountId, 'inbox.create', id, request.ip, request.body);
      return listed(member, user.id);
    },
  );

  app.put(
    '/inboxes/:id',
    { schema: { params: ZInboxParams, body: ZInboxInput, response: { 200: ZInboxList } }, preHandler: requireActor('manageInboxes') },
    async (request) => {
      const { member, user } = actorOf(request);
      await saveInbox(db, member, request.body, request.params.id);
      await audit(user.id, member.accountId, 'inbox.update', request.params.id, request.ip, request.body);
      return listed(member, user.id);
    },
  );

  app.delete(
    '/inboxes/:id',
    { schema: { params: ZInboxParams, response: { 200: ZOk } }, preHandler: requireActor('manageInboxes') },
    async (request) => {
      const { member, user } = actorOf(request);
      await deleteInbox(db, member, request.params.id);
      await audit(user.id, member.accountId, 'inbox.delete', request.params.id, request.ip);
      return { ok: true as const };
    },
  );

  const audit = (actorUserId: string, accountId: string, action: `inbox.${string}`, objectId: string, ip: string, details?: object) =>
    recordAuditEvent(db, {
      actorUserId,
      accountId,
      ip,
      action,
      objectType: 'inbox',
      objectId,
      outcome: 'success',
      details: details as Record<string, unknown>,
    });
};
