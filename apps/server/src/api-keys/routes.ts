import { ZApiKeyParams, ZApiKeysResponse, ZCreateApiKeyRequest, ZCreateApiKeyResponse, ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

/** The account's API keys, managed with a session by its owner and sub-admins: /user/api-keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/api-keys',
    { schema: { response: { 200: ZApiKeysResponse } }, preHandler: requireActor('manageApiKeys') },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header('cache-control', 'no-store');
      return listApiKeys(db, actor.member.accountId);
    },
  );

  app.post(
    '/api-keys',
    { schema: { body: ZCreateApiKeyRequest, response: { 201: ZCreateApiKeyResponse } }, preHandler: requireActor('manageApiKeys') },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createApiKey(db, actor, request.body);
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api-keys/:id',
    { schema: { params: ZApiKeyParams, response: { 200: ZOk } }, preHandler: requireActor('manageApiKeys') },
    async (request) => {
      await revokeApiKey(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
