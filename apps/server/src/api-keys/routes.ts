import { roleMay, ZApiKeyParams, ZApiKeysResponse, ZCreateApiKeyRequest, ZCreateApiKeyResponse, ZOk } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../accounts/actor';
import { membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

/** The account's API keys, managed with a session by its owner and sub-admins: /user/api-keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageApiKeys')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member, ip: request.ip };
  }

  app.get('/api-keys', { schema: { response: { 200: ZApiKeysResponse } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    reply.header('cache-control', 'no-store');
    return listApiKeys(db, actor.member.accountId);
  });

  app.post('/api-keys', { schema: { body: ZCreateApiKeyRequest, response: { 201: ZCreateApiKeyResponse } } }, async (request, reply) => {
    const actor = await manager(request, reply);
    const created = await createApiKey(db, actor, request.body);
    // The secret is in this answer only: no cache may keep it.
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/api-keys/:id', { schema: { params: ZApiKeyParams, response: { 200: ZOk } } }, async (request, reply) => {
    await revokeApiKey(db, await manager(request, reply), request.params.id);
    return { ok: true as const };
  });
};
