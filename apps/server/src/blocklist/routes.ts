import { ZAddBlockedNumberRequest, ZBlockedNumberParams, ZBlocklist, ZOk } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { blockNumber, listBlocklist, unblockNumber, type BlocklistActor } from './blocklist';

/** The account's blocklist, kept by its owner and sub-admins. */
export const blocklistRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const manager = (request: FastifyRequest): BlocklistActor => {
    const { user, member, ip } = actorOf(request);
    return { userId: user.id, accountId: member.accountId, ip };
  };

  app.get('/blocklist', { schema: { response: { 200: ZBlocklist } }, preHandler: requireActor('manageBlocklist') }, async (request) => {
    return listBlocklist(db, manager(request).accountId);
  });

  app.post(
    '/blocklist',
    { schema: { body: ZAddBlockedNumberRequest, response: { 200: ZBlocklist } }, preHandler: requireActor('manageBlocklist') },
    async (request) => {
      const actor = manager(request);
      await blockNumber(db, actor, request.body);
      return listBlocklist(db, actor.accountId);
    },
  );

  app.delete(
    '/blocklist/:id',
    { schema: { params: ZBlockedNumberParams, response: { 200: ZOk } }, preHandler: requireActor('manageBlocklist') },
    async (request) => {
      const actor = manager(request);
      await unblockNumber(db, actor, request.params.id);
      return { ok: true as const };
    },
  );
};
