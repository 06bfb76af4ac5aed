import { roleMay, ZPaymentFailureResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { paymentFailureOf } from './sending-pause';

/**
 * GET /api/sending-pause: the portal's banner (decision 085), for every member of the account, outside /api/billing
 * (whose every route is the payers' only) because it says whether anyone may send. Those who
 * can pay learn when the grace ends; the others only whether sending is paused.
 */
export const paymentFailureRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/sending-pause',
    { schema: { response: { 200: ZPaymentFailureResponse } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      const { member } = actorOf(request);
      const failure = await paymentFailureOf(db, member.accountId);
      reply.header('cache-control', 'no-store');
      if (!failure) return { failure: null };
      return {
        failure: {
          sendingPaused: failure.sendingPaused,
          graceEndsAt: roleMay(member.role, 'manageBilling') ? failure.graceEndsAt.toISOString() : null,
        },
      };
    },
  );
};
