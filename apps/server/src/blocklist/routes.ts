import { roleMay, ZAddBlockedNumberRequest, ZBlockedNumberParams, ZBlocklist, ZOk } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { blockNumber, listBlocklist, unblockNumber, type BlocklistActor } from './blocklist';

/** The account's blocklist, kept by its owner and sub-admins. */
export const blocklistRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply): Promise<BlocklistActor> {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageBlocklist')) throw new AppError('permission_denied', 'errors.forbidden');
    return { userId: user.id, accountId: member.accountId, ip: request.ip };
  }

  app.get('/blocklist', { schema: { response: { 200: ZBlocklist } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    return listBlocklist(db, actor.accountId);
  });

  app.post('/blocklist', { schema: { body: ZAddBlockedNumberRequest, response: { 200: ZBlocklist } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    await blockNumber(db, actor, request.body);
    return listBlocklist(db, actor.accountId);
  });

  app.delete('/blocklist/:id', { schema: { params: ZBlockedNumberParams, response: { 200: ZOk } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    await unblockNumber(db, actor, request.params.id);
    return { ok: true as const };
  });
};
