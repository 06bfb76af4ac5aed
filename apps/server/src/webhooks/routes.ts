import {
  roleMay,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../accounts/actor';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './endpoints';
import { listWebhookMessages, sendMessageAgain, sendTestEvent } from './messages';

/** The account's webhook endpoints, managed with a session by its owner and sub-admins: /user/webhooks. */
export const webhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageWebhooks')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member, ip: request.ip };
  }
  const deps = { db, config, queue };

  app.get('/webhooks', { schema: { response: { 200: ZWebhookEndpointsResponse } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    return listWebhookEndpoints(db, actor.member.accountId);
  });

  app.post(
    '/webhooks',
    { schema: { body: ZCreateWebhookEndpointRequest, response: { 201: ZWebhookSecretResponse } } },
    async (request, reply) => {
      const created = await createWebhookEndpoint(deps, await manager(request, reply), request.body);
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.patch(
    '/webhooks/:id',
    { schema: { params: ZWebhookEndpointParams, body: ZUpdateWebhookEndpointRequest, response: { 200: ZWebhookEndpoint } } },
    async (request, reply) => updateWebhookEndpoint(deps, await manager(request, reply), request.params.id, request.body),
  );

  app.delete('/webhooks/:id', { schema: { params: ZWebhookEndpointParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteWebhookEndpoint(db, await manager(request, reply), request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/webhooks/:id/rotate-secret',
    { schema: { params: ZWebhookEndpointParams, response: { 200: ZWebhookSecretResponse } } },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(deps, await manager(request, reply), request.params.id);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  app.post(
    '/webhooks/:id/test',
    { schema: { params: ZWebhookEndpointParams, response: { 202: ZWebhookMessage } } },
    async (request, reply) => {
      const actor = await manager(request, reply);
      return reply.status(202).send(await sendTestEvent(deps, actor.member.accountId, request.params.id));
    },
  );

  app.get(
    '/webhooks/:id/messages',
    { schema: { params: ZWebhookEndpointParams, response: { 200: ZWebhookMessagesResponse } } },
    async (request, reply) => {
      const actor = await manager(request, reply);
      return listWebhookMessages(db, actor.member.accountId, request.params.id);
    },
  );

  app.post(
    '/webhooks/:id/messages/:messageId/retry',
    { schema: { params: ZWebhookMessageParams, response: { 202: ZWebhookMessage } } },
    async (request, reply) => {
      const actor = await manager(request, reply);
      return reply.status(202).send(await sendMessageAgain(deps, actor.member.accountId, request.params.id, request.params.messageId));
    },
  );
};
