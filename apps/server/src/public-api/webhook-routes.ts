import type { TWebhookEndpoint, TWebhookMessage } from '@faxline/shared';
import {
  ZV1WebhookEndpoint,
  ZV1WebhookEndpointInput,
  ZV1WebhookEndpointList,
  ZV1WebhookEndpointUpdate,
  ZV1WebhookEndpointWithSecret,
  ZV1WebhookMessage,
  ZV1WebhookMessageList,
  ZV1WebhookMessageParams,
  ZV1WebhookParams,
  type TV1WebhookEndpoint,
  type TV1WebhookMessage,
} from '@faxline/shared/api-v1';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../route-deps';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  signedEndpointOfAccount,
  updateWebhookEndpoint,
} from '../webhooks/endpoints';
import { listWebhookMessages, sendMessageAgain, sendTestEvent } from '../webhooks/messages';
import { openSigningSecret, sealSigningSecret } from '../webhooks/secrets';
import { callerOf, requireScope } from './api-caller';
import { idempotent, type Keeping } from './idempotency';

/** An endpoint as the public API shows it (snake_case). */
function toV1Endpoint(endpoint: TWebhookEndpoint): TV1WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    signing: endpoint.signing,
    public_key: endpoint.publicKey,
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince,
    previous_secret_expires_at: endpoint.previousSecretExpiresAt,
    created_at: endpoint.createdAt,
  };
}

function toV1Message(message: TWebhookMessage): TV1WebhookMessage {
  return {
    id: message.id,
    type: message.type,
    status: message.status,
    next_try_at: message.nextTryAt,
    created_at: message.createdAt,
    attempts: message.attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.startedAt,
      ended_at: attempt.endedAt,
      response_status: attempt.responseStatus,
      response_excerpt: attempt.responseExcerpt,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}

/**
 * /v1/webhooks: the portal's webhook services, called with an API key that has `webhooks:manage`,
 * acting as its creator, who must (still) be allowed to manage the account's webhooks.
 */
export const v1WebhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue }) => {
  const deps = { db, config, queue };
  const managingCaller = (request: Parameters<typeof callerOf>[0]) => requireScope(callerOf(request), 'webhooks:manage');
  const manager = (request: Parameters<typeof callerOf>[0]) => managingCaller(request).actor;
  /**
   * An answer that shows a secret is kept for its replay with the secret sealed, as the endpoint's own copy is
   * (webhooks/secrets.ts): a replay shows the same secret, and the idempotency table never holds one in clear.
   */
  const sealedSecret: Keeping = {
    keep: async (body) => {
      const answer = body as { secret: string };
      return { ...answer, secret: await sealSigningSecret(config, answer.secret) };
    },
    restore: async (kept) => {
      const answer = kept as { secret: string };
      return { ...answer, secret: await openSigningSecret(config, answer.secret) };
    },
  };
  /** A POST run once per Idempotency-Key (idempotency.ts), as every /v1 POST is. */
  const once = (request: FastifyRequest, reply: FastifyReply, run: () => Promise<{ status: number; body: unknown }>, keeping?: Keeping) =>
    idempotent(db, { request, reply, callerId: managingCaller(request).id }, request.body ?? {}, run, keeping);

  // The API manages the signed endpoints; the portal's chat notices (Slack, Teams) are neither listed nor found here.
  app.addHook('preHandler', async (request) => {
    const id = (request.params as { webhook_id?: string } | undefined)?.webhook_id;
    if (id) await signedEndpointOfAccount(db, manager(request).member.accountId, id);
  });

  app.get('/webhooks', { schema: { response: { 200: ZV1WebhookEndpointList } } }, async (request) => {
    const { endpoints } = await listWebhookEndpoints(db, manager(request).member.accountId);
    return { data: endpoints.filter((endpoint) => endpoint.format === 'standard').map(toV1Endpoint) };
  });

  app.post(
    '/webhooks',
    { schema: { body: ZV1WebhookEndpointInput, response: { 201: ZV1WebhookEndpointWithSecret } } },
    async (request, reply) =>
      once(
        request,
        reply,
        async () => {
          const { endpoint, secret } = await createWebhookEndpoint(deps, manager(request), request.body);
          return { status: 201, body: { ...toV1Endpoint(endpoint), secret } };
        },
        sealedSecret,
      ),
  );

  app.get('/webhooks/:webhook_id', { schema: { params: ZV1WebhookParams, response: { 200: ZV1WebhookEndpoint } } }, async (request) =>
    toV1Endpoint(await getWebhookEndpoint(db, manager(request).member.accountId, request.params.webhook_id)),
  );

  app.patch(
    '/webhooks/:webhook_id',
    { schema: { params: ZV1WebhookParams, body: ZV1WebhookEndpointUpdate, response: { 200: ZV1WebhookEndpoint } } },
    async (request) => toV1Endpoint(await updateWebhookEndpoint(deps, manager(request), request.params.webhook_id, request.body)),
  );

  app.delete(
    '/webhooks/:webhook_id',
    { schema: { params: ZV1WebhookParams, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteWebhookEndpoint(db, manager(request), request.params.webhook_id);
      return { id: request.params.webhook_id, deleted: true as const };
    },
  );

  app.post(
    '/webhooks/:webhook_id/rotate-secret',
    { schema: { params: ZV1WebhookParams, response: { 200: ZV1WebhookEndpointWithSecret } } },
    async (request, reply) =>
      once(
        request,
        reply,
        async () => {
          const { endpoint, secret } = await rotateWebhookSecret(deps, manager(request), request.params.webhook_id);
          return { status: 200, body: { ...toV1Endpoint(endpoint), secret } };
        },
        sealedSecret,
      ),
  );

  app.post(
    '/webhooks/:webhook_id/test',
    { schema: { params: ZV1WebhookParams, response: { 202: ZV1WebhookMessage } } },
    async (request, reply) =>
      once(request, reply, async () => {
        const message = await sendTestEvent(deps, manager(request).member.accountId, request.params.webhook_id);
        return { status: 202, body: toV1Message(message) };
      }),
  );

  app.get(
    '/webhooks/:webhook_id/messages',
    { schema: { params: ZV1WebhookParams, response: { 200: ZV1WebhookMessageList } } },
    async (request) => {
      const { messages } = await listWebhookMessages(db, manager(request).member.accountId, request.params.webhook_id);
      return { data: messages.map(toV1Message) };
    },
  );

  app.post(
    '/webhooks/:webhook_id/messages/:message_id/retry',
    { schema: { params: ZV1WebhookMessageParams, response: { 202: ZV1WebhookMessage } } },
    async (request, reply) =>
      once(request, reply, async () => {
        const { webhook_id, message_id } = request.params;
        const message = await sendMessageAgain(deps, manager(request).member.accountId, webhook_id, message_id);
        return { status: 202, body: toV1Message(message) };
      }),
  );
};
