import { ZFaxTextSettings } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsFaxTextOf, saveReadsFaxText } from '../accounts/fax-settings';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';

/** Whether the words of the account's faxes are read (decision 099): kept by its owner and sub-admins, audited. */
export const faxTextSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/account/fax-text',
    { schema: { response: { 200: ZFaxTextSettings } }, preHandler: requireActor('manageFaxText') },
    async (request) => ({ readsFaxText: (await readsFaxTextOf(db, actorOf(request).member.accountId)) ?? false }),
  );

  app.put(
    '/account/fax-text',
    { schema: { body: ZFaxTextSettings, response: { 200: ZFaxTextSettings } }, preHandler: requireActor('manageFaxText') },
    async (request) => {
      const { user, member } = actorOf(request);
      await saveReadsFaxText(db, member.accountId, request.body.readsFaxText);
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip: request.ip,
        action: 'account.fax_text',
        objectType: 'account',
        objectId: member.accountId,
        outcome: 'success',
        details: { readsFaxText: request.body.readsFaxText },
      });
      return { readsFaxText: request.body.readsFaxText };
    },
  );
};
