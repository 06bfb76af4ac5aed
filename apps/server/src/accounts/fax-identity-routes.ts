import { roleMay, ZFaxIdentity, ZSaveFaxIdentityRequest } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { readFaxIdentity, saveFaxIdentity } from './fax-identity';
import { membershipOf } from './membership';

/** How the account's faxes introduce themselves on the line: kept by its owner and sub-admins. */
export const faxIdentityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply) {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageFaxIdentity')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member };
  }

  app.get('/fax-identity', { schema: { response: { 200: ZFaxIdentity } } }, async (request, reply) => {
    const { member } = await manager(request, reply);
    return readFaxIdentity(db, member.accountId);
  });

  app.put('/fax-identity', { schema: { body: ZSaveFaxIdentityRequest, response: { 200: ZFaxIdentity } } }, async (request, reply) => {
    const { user, member } = await manager(request, reply);
    const saved = await saveFaxIdentity(db, member.accountId, request.body);
    await recordAuditEvent(db, {
      actorUserId: user.id,
      accountId: member.accountId,
      ip: request.ip,
      action: 'account.fax_identity',
      objectType: 'account',
      objectId: member.accountId,
      outcome: 'success',
      details: { header: request.body.header, numbers: request.body.numbers },
    });
    return saved;
  });
};
