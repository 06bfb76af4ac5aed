import { ZAgentFaxDecision, ZAgentFaxes, ZAgentFaxSummary, ZAgentFax, ZAgentFaxParams, ZAgentSettings } from '@faxline/shared';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanFeatureMissing } from '../accounts/plan-features';
import { actorOf } from '../accounts/require-actor';
import { MCP_PATH, protectedResourceMetadataUrl, type AuthorizationServer } from '../oauth/provider';
import { AppError } from '../platform/http/app-error';
import { bearerSecretOf, callerOfBearer } from '../public-api/api-caller';
import type { RouteDeps } from '../route-deps';
import { agentFaxSummaryOf, agentSettingsOf, changeAgentSettings, decideAgentFax, listAgentFaxes } from './agent-rules';
import { mcpServerFor, type AgentCaller } from './tools';

/**
 * The MCP server at /mcp (Streamable HTTP, stateless: each POST is answered on its own), authorised by an OAuth access
 * token of Faxline's authorization server for /mcp or by an API key; a request without either is pointed to the
 * protected resource's metadata (RFC 9728, oauth/routes.ts), which tells an MCP client where to get a token.
 */
export async function registerMcpServer(app: FastifyInstance, deps: RouteDeps, authorizationServer: AuthorizationServer) {
  const { config } = deps;
  const metadataUrl = protectedResourceMetadataUrl(config.publicUrl, MCP_PATH);

  /** The caller of a request: an API key (`fl_live_…`, as /v1), else an OAuth access token; 401 pointing to OAuth. */
  async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<AgentCaller> {
    const secret = bearerSecretOf(request.headers.authorization);
    const caller = secret ? await agentCallerOf(secret, request.ip) : null;
    if (!caller) {
      reply.header('www-authenticate', `Bearer resource_metadata="${metadataUrl}"`);
      throw new AppError('authentication_error', 'errors.invalidAgentToken');
    }
    if (!caller.plan.apiAccess) throw new PlanFeatureMissing('errors.planLacksApiAccess', { plan: caller.plan.name });
    if ((await deps.systemSettings.current()).maintenanceMode) throw new AppError('unavailable', 'errors.maintenance');
    return caller;
  }

  /** The caller as /v1 reads it; a program with a key is named by its key for the audit trail (it registered no name). */
  async function agentCallerOf(secret: string, ip: string) {
    const caller = await callerOfBearer({ db: deps.db, authorizationServer }, authorizationServer.resources.mcp, secret, ip);
    if (!caller) return null;
    const { viaAgent, viaApiKey } = caller.actor;
    return { ...caller, actor: { ...caller.actor, viaAgent: viaAgent ?? { name: `API key ${viaApiKey?.prefix ?? ''}`, clientId: null } } };
  }

  const toolDeps = (request: FastifyRequest) => ({
    db: deps.db,
    files: deps.files,
    queue: deps.queue,
    config: deps.config,
    systemSettings: deps.systemSettings,
    trustedOrigins: config.fileUrl.trustedOrigins,
    language: request.language,
  });

  app.post(MCP_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const caller = await callerOf(request, reply);
    const server = mcpServerFor(toolDeps(request), caller);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no stream to open and no session to end (the specification's 405 for a server without them).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    handler: async (_request, reply) => reply.status(405).header('allow', 'POST').send(),
  });
}

/** The portal's side: the account's rules for agents, and the approval queue of what agents sent. */
export const agentPortalRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor } = deps;
  app.get('/agents/settings', { schema: { response: { 200: ZAgentSettings } }, preHandler: requireActor('anyRole') }, async (request) =>
    agentSettingsOf(db, actorOf(request).member.accountId),
  );
  app.put(
    '/agents/settings',
    { schema: { body: ZAgentSettings, response: { 200: ZAgentSettings } }, preHandler: requireActor('manageAgents') },
    async (request) => changeAgentSettings(db, actorOf(request), request.body),
  );
  app.get('/agents/faxes', { schema: { response: { 200: ZAgentFaxes } }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await listAgentFaxes(db, actorOf(request).member.accountId) };
  });
  // The menu's entry for the queue: asked by every page of the user area of a person who may send faxes.
  app.get(
    '/agents/faxes/summary',
    { schema: { response: { 200: ZAgentFaxSummary } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return agentFaxSummaryOf(db, actorOf(request).member.accountId);
    },
  );
  app.post(
    '/agents/faxes/:id/decision',
    { schema: { params: ZAgentFaxParams, body: ZAgentFaxDecision, response: { 200: ZAgentFax } }, preHandler: requireActor('useFaxes') },
    async (request) => decideAgentFax(deps, actorOf(request), request.params.id, request.body.approve),
  );
};
