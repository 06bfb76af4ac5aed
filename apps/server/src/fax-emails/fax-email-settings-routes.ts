import { ZFaxEmailSettings, ZSaveFaxEmailSettingsRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { readFaxEmailSettings, saveFaxEmailSettings } from './fax-email-settings';

/** How the account's received faxes go out by e-mail: kept by its owner and sub-admins. */
export const faxEmailSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/account/fax-email',
    { schema: { response: { 200: ZFaxEmailSettings } }, preHandler: requireActor('manageFaxEmail') },
    async (request) => {
      const { member } = actorOf(request);
      return readFaxEmailSettings(db, member.accountId);
    },
  );

  app.put(
    '/account/fax-email',
    { schema: { body: ZSaveFaxEmailSettingsRequest, response: { 200: ZFaxEmailSettings } }, preHandler: requireActor('manageFaxEmail') },
    async (request) => {
      const { user, member } = actorOf(request);
      const saved = await saveFaxEmailSettings(db, member.accountId, request.body);
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip: request.ip,
        action: 'account.fax_email',
        objectType: 'account',
        objectId: member.accountId,
        outcome: 'success',
        details: { documentsInEmail: request.body.documentsInEmail, numbers: request.body.numbers },
      });
      return saved;
    },
  );
};
