import {
  ZConnectedAppParams,
  ZConnectedApps,
  ZOAuthConsent,
  ZOAuthConsentDecision,
  ZOAuthConsentParams,
  ZOAuthConsentResult,
  ZOk,
} from '@faxline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { API_KEY_SCOPES } from '@faxline/shared';
import { consentOf, decideConsent, listConnections, revokeConnection } from './connections';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA, V1_PATH, type AuthorizationServer } from './provider';

/**
 * The authorization server's own endpoints (oidc-provider's Koa application, handed the raw request): /oauth/* and its
 * metadata, both as OpenID discovery and as RFC 8414 asks; and the metadata of the two resources its tokens open
 * (RFC 9728), which tells a client where to get a token. Its bodies are its own to read: nothing is parsed here.
 */
export async function registerAuthorizationServer(app: FastifyInstance, server: AuthorizationServer) {
  const metadataOf = (resource: string) => ({
    resource,
    authorization_servers: [server.issuer],
    scopes_supported: [...API_KEY_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Faxline',
  });
  // The bare address answers for the MCP server, as it did before /v1 took tokens (MCP clients ask it first).
  app.get(PROTECTED_RESOURCE_METADATA, async () => metadataOf(server.resources.mcp));
  app.get(`${PROTECTED_RESOURCE_METADATA}${MCP_PATH}`, async () => metadataOf(server.resources.mcp));
  app.get(`${PROTECTED_RESOURCE_METADATA}${V1_PATH}`, async () => metadataOf(server.resources.v1));

  const handle = server.provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const passOn = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      handle(request.raw, reply.raw);
    };
    scope.all('/oauth/*', (request, reply) => passOn(request, reply));
    scope.get('/.well-known/openid-configuration', (request, reply) => passOn(request, reply));
    scope.get('/.well-known/oauth-authorization-server', (request, reply) => {
      // The same document: RFC 8414's address for it, which oidc-provider does not serve itself.
      request.raw.url = '/.well-known/openid-configuration';
      passOn(request, reply);
    });
  });
}

/** The portal's side: the consent page's question and answer, and the account's connected apps. */
export const oauthPortalRoutes: FastifyPluginAsyncZod<RouteDeps & { authorizationServer: AuthorizationServer }> = async (
  app,
  { db, requireActor, authorizationServer },
) => {
  app.get(
    '/oauth/consents/:uid',
    { schema: { params: ZOAuthConsentParams, response: { 200: ZOAuthConsent } }, preHandler: requireActor('anyRole') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return consentOf(authorizationServer, db, actorOf(request), request.params.uid);
    },
  );

  app.post(
    '/oauth/consents/:uid',
    {
      schema: { params: ZOAuthConsentParams, body: ZOAuthConsentDecision, response: { 200: ZOAuthConsentResult } },
      preHandler: requireActor('anyRole'),
    },
    async (request) => decideConsent(authorizationServer, db, actorOf(request), request.params.uid, request.body.approve),
  );

  app.get(
    '/oauth/connections',
    { schema: { response: { 200: ZConnectedApps } }, preHandler: requireActor('manageApiKeys') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listConnections(db, actorOf(request).member.accountId) };
    },
  );

  app.delete(
    '/oauth/connections/:id',
    { schema: { params: ZConnectedAppParams, response: { 200: ZOk } }, preHandler: requireActor('manageApiKeys') },
    async (request) => {
      await revokeConnection(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
