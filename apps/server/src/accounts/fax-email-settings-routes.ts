import { roleMay, ZFaxEmailSettings, ZSaveFaxEmailSettingsRequest } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { readFaxEmailSettings, saveFaxEmailSettings } from './fax-email-settings';
import { membershipOf } from './membership';

/** How the account's received faxes go out by e-mail: kept by its owner and sub-admins. */
export const faxEmailSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply) {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageFaxEmail')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member };
  }

  app.get('/account/fax-email', { schema: { response: { 200: ZFaxEmailSettings } } }, async (request, reply) => {
    const { member } = await manager(request, reply);
    return readFaxEmailSettings(db, member.accountId);
  });

  app.put(
    '/account/fax-email',
    { schema: { body: ZSaveFaxEmailSettingsRequest, response: { 200: ZFaxEmailSettings } } },
    async (request, reply) => {
      const { user, member } = await manager(request, reply);
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
