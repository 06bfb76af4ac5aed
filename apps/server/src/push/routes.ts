import {
  ZPushPublicKeyResponse,
  ZPushSubscription,
  ZPushSubscriptionParams,
  ZPushSubscriptionsResponse,
  ZSavePushSubscriptionRequest,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { checkPushEndpoint } from './push-endpoint';
import { listPushSubscriptions, removePushSubscription, savePushSubscription } from './subscriptions';
import { vapidDetailsOf } from './vapid';

/**
 * A person's push notifications per device (decision 133): the key a browser subscribes with, this person's
 * subscriptions, adding this device's and removing one. Each person sees and removes only their own.
 */
export const pushRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, requireActor }) => {
  app.get('/push/public-key', { schema: { response: { 200: ZPushPublicKeyResponse } }, preHandler: requireActor('anyRole') }, async () => ({
    publicKey: (await vapidDetailsOf(config)).publicKey,
  }));

  app.get(
    '/push/subscriptions',
    { schema: { response: { 200: ZPushSubscriptionsResponse } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { subscriptions: await listPushSubscriptions(db, actorOf(request).user.id) };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      schema: { body: ZSavePushSubscriptionRequest, response: { 201: ZPushSubscription } },
      preHandler: requireActor('anyRole'),
    },
    async (request, reply) => {
      const endpoint = checkPushEndpoint(request.body.endpoint, config);
      const saved = await savePushSubscription(db, actorOf(request).user.id, { ...request.body, endpoint });
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    { schema: { params: ZPushSubscriptionParams, response: { 204: z.null() } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      await removePushSubscription(db, actorOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
