import { ZAccountDeliveryRecord, ZPublicStatus } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { readAccountDeliveryRecord, readPublicStatus } from './read-delivery-record';

/** The delivery record (decision 122): the public /status page's figures and notices, and an account's own figures. */
export const deliveryRecordRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  // Anyone, with no session: the figures are the same for everyone and kept for a few seconds.
  app.get('/status', { schema: { response: { 200: ZPublicStatus } } }, async (request, reply) => {
    // The notices are in the reader's language: a shared cache keeps one copy per language.
    reply.header('cache-control', 'public, max-age=30').header('vary', 'accept-language');
    return readPublicStatus(db, request.language);
  });

  // A Billing contact sees no faxes, so no figures of them either.
  app.get(
    '/delivery-record',
    { schema: { response: { 200: ZAccountDeliveryRecord } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user, member } = actorOf(request);
      return readAccountDeliveryRecord(db, member, user.id);
    },
  );
};
