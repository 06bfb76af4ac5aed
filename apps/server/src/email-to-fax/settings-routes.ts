import { roleMay, ZEmailToFaxSettings, ZResendSenderConfirmationRequest, ZSaveEmailToFaxSettingsRequest } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { resendSenderLink } from './resend-sender-link';
import { readEmailToFaxSettings, saveEmailToFaxSettings } from './settings';

/** The account's e-mail to fax: who may send for it and how strictly; kept by its owner and sub-admins. */
export const emailToFaxSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply) {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageEmailToFax')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member };
  }

  app.get('/account/email-to-fax', { schema: { response: { 200: ZEmailToFaxSettings } } }, async (request, reply) => {
    const { member } = await manager(request, reply);
    return readEmailToFaxSettings(db, member.accountId, config.emailToFax);
  });

  app.put(
    '/account/email-to-fax',
    { schema: { body: ZSaveEmailToFaxSettingsRequest, response: { 200: ZEmailToFaxSettings } } },
    async (request, reply) => {
      const { user, member } = await manager(request, reply);
      return saveEmailToFaxSettings({ db, queue, config }, { user, accountId: member.accountId, ip: request.ip }, request.body);
    },
  );

  app.post(
    '/account/email-to-fax/resend',
    { schema: { body: ZResendSenderConfirmationRequest, response: { 200: ZEmailToFaxSettings } } },
    async (request, reply) => {
      const { user, member } = await manager(request, reply);
      return resendSenderLink(
        { db, queue, config },
        { userId: user.id, accountId: member.accountId, ip: request.ip },
        request.body.address,
      );
    },
  );
};
