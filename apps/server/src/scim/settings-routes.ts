import {
  ZCreateScimTokenRequest,
  ZCreateScimTokenResponse,
  ZOk,
  ZScimGroupMapping,
  ZScimGroupParams,
  ZScimSettingsResponse,
  ZScimTokenParams,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { mapScimGroup, readScimSettings } from './settings';
import { createScimToken, revokeScimToken } from './tokens';

/** The account's SCIM provisioning in /user/settings, managed by its owner alone (decision 107). */
export const scimSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, requireActor }) => {
  const owner = requireActor('manageProvisioning');

  app.get('/account/scim', { schema: { response: { 200: ZScimSettingsResponse } }, preHandler: owner }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readScimSettings(db, actorOf(request).member.accountId, config.publicUrl);
  });

  app.post(
    '/account/scim/tokens',
    { schema: { body: ZCreateScimTokenRequest, response: { 201: ZCreateScimTokenResponse } }, preHandler: owner },
    async (request, reply) => {
      const created = await createScimToken(db, actorOf(request), request.body.name);
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/account/scim/tokens/:id',
    { schema: { params: ZScimTokenParams, response: { 200: ZOk } }, preHandler: owner },
    async (request) => {
      await revokeScimToken(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/account/scim/groups/:id',
    { schema: { params: ZScimGroupParams, body: ZScimGroupMapping, response: { 200: ZOk } }, preHandler: owner },
    async (request) => {
      await mapScimGroup(db, actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );
};
