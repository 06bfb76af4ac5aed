import { ZEmailToFaxSettings, ZResendSenderConfirmationRequest, ZSaveEmailToFaxSettingsRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { resendSenderLink } from './resend-sender-link';
import { readEmailToFaxSettings, saveEmailToFaxSettings } from './settings';

/** The account's e-mail to fax: who may send for it and how strictly; kept by its owner and sub-admins. */
export const emailToFaxSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue, requireActor }) => {
  app.get(
    '/account/email-to-fax',
    { schema: { response: { 200: ZEmailToFaxSettings } }, preHandler: requireActor('manageEmailToFax') },
    async (request) => {
      const { member } = actorOf(request);
      return readEmailToFaxSettings(db, member.accountId, config.emailToFax);
    },
  );

  app.put(
    '/account/email-to-fax',
    {
      schema: { body: ZSaveEmailToFaxSettingsRequest, response: { 200: ZEmailToFaxSettings } },
      preHandler: requireActor('manageEmailToFax'),
    },
    async (request) => {
      const { user, member } = actorOf(request);
      return saveEmailToFaxSettings({ db, queue, config }, { user, accountId: member.accountId, ip: request.ip }, request.body);
    },
  );

  app.post(
    '/account/email-to-fax/resend',
    {
      schema: { body: ZResendSenderConfirmationRequest, response: { 200: ZEmailToFaxSettings } },
      preHandler: requireActor('manageEmailToFax'),
    },
    async (request) => {
      const { user, member } = actorOf(request);
      return resendSenderLink(
        { db, queue, config },
        { userId: user.id, accountId: member.accountId, ip: request.ip },
        request.body.address,
      );
    },
  );
};
