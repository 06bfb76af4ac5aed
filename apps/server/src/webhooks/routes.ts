import {
  ZCreateChatNoticeRequest,
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  ZWebhookEndpoint,
  ZWebhookEndpointParams,
  ZWebhookEndpointsResponse,
  ZWebhookMessage,
  ZWebhookMessageParams,
  ZWebhookMessagesResponse,
  ZWebhookSecretResponse,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import {
  createChatNotice,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './endpoints';
import { listWebhookMessages, sendMessageAgain, sendTestEvent } from './messages';

/** The account's webhook endpoints and chat notices, managed with a session by its owner and sub-admins: /user/webhooks. */
export const webhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue, requireActor }) => {
  const deps = { db, config, queue };

  app.get(
    '/webhooks',
    { schema: { response: { 200: ZWebhookEndpointsResponse } }, preHandler: requireActor('manageWebhooks') },
    async (request) => {
      const actor = actorOf(request);
      return listWebhookEndpoints(db, actor.member.accountId);
    },
  );

  app.post(
    '/webhooks',
    {
      schema: { body: ZCreateWebhookEndpointRequest, response: { 201: ZWebhookSecretResponse } },
      preHandler: requireActor('manageWebhooks'),
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(deps, actorOf(request), request.body);
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/webhooks/chat',
    { schema: { body: ZCreateChatNoticeRequest, response: { 201: ZWebhookEndpoint } }, preHandler: requireActor('manageWebhooks') },
    async (request, reply) => reply.status(201).send(await createChatNotice(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: { params: ZWebhookEndpointParams, body: ZUpdateWebhookEndpointRequest, response: { 200: ZWebhookEndpoint } },
      preHandler: requireActor('manageWebhooks'),
    },
    async (request) => updateWebhookEndpoint(deps, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { params: ZWebhookEndpointParams, response: { 204: z.null() } }, preHandler: requireActor('manageWebhooks') },
    async (request, reply) => {
      await deleteWebhookEndpoint(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    { schema: { params: ZWebhookEndpointParams, response: { 200: ZWebhookSecretResponse } }, preHandler: requireActor('manageWebhooks') },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(deps, actorOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  app.post(
    '/webhooks/:id/test',
    { schema: { params: ZWebhookEndpointParams, response: { 202: ZWebhookMessage } }, preHandler: requireActor('manageWebhooks') },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(202).send(await sendTestEvent(deps, actor.member.accountId, request.params.id));
    },
  );

  app.get(
    '/webhooks/:id/messages',
    { schema: { params: ZWebhookEndpointParams, response: { 200: ZWebhookMessagesResponse } }, preHandler: requireActor('manageWebhooks') },
    async (request) => {
      const actor = actorOf(request);
      return listWebhookMessages(db, actor.member.accountId, request.params.id);
    },
  );

  app.post(
    '/webhooks/:id/messages/:messageId/retry',
    { schema: { params: ZWebhookMessageParams, response: { 202: ZWebhookMessage } }, preHandler: requireActor('manageWebhooks') },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(202).send(await sendMessageAgain(deps, actor.member.accountId, request.params.id, request.params.messageId));
    },
  );
};
