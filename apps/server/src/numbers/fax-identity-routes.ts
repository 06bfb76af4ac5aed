import { ZFaxIdentity, ZSaveFaxIdentityRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { readFaxIdentity, saveFaxIdentity } from './fax-identity';

/** How the account's faxes introduce themselves on the line: kept by its owner and sub-admins. */
export const faxIdentityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/fax-identity',
    { schema: { response: { 200: ZFaxIdentity } }, preHandler: requireActor('manageFaxIdentity') },
    async (request) => {
      const { member } = actorOf(request);
      return readFaxIdentity(db, member.accountId);
    },
  );

  app.put(
    '/fax-identity',
    { schema: { body: ZSaveFaxIdentityRequest, response: { 200: ZFaxIdentity } }, preHandler: requireActor('manageFaxIdentity') },
    async (request) => {
      const { user, member } = actorOf(request);
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
    },
  );
};
