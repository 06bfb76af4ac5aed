import { ZConfirmSenderRequest, ZSenderConfirmation, ZSenderConfirmationQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { confirmSender, lookUpSenderConfirmation } from './confirm-sender';

/**
 * The page a confirmation link opens asks here, signed in or not (decision 064): GET reads what the link asks and
 * changes nothing; POST, the page's Confirm button, confirms. The secret is the only credential.
 */
export const senderConfirmationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue }) => {
  const limit = perAddressLimit(config.rateLimitFactor);

  app.get(
    '/email-to-fax/sender-confirmation',
    { schema: { querystring: ZSenderConfirmationQuery, response: { 200: ZSenderConfirmation } }, config: limit(30, 60_000) },
    async (request) => lookUpSenderConfirmation(db, request.query.token),
  );

  app.post(
    '/email-to-fax/sender-confirmation',
    { schema: { body: ZConfirmSenderRequest, response: { 200: ZSenderConfirmation } }, config: limit(30, 60_000) },
    async (request) => confirmSender({ db, queue, publicUrl: config.publicUrl }, request.body.token, request.ip),
  );
};
