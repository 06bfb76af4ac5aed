import type { Redis } from 'ioredis';
import { openApiDocument } from '@faxline/shared/api-v1';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanFeatureMissing } from '../accounts/plan-features';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { protectedResourceMetadataUrl, V1_PATH, type AuthorizationServer } from '../oauth/provider';
import { bearerSecretOf, callerOfBearer, DEFAULT_REQUESTS_PER_MINUTE, type ApiCaller } from './api-caller';
import { answerErrorsAs } from '../platform/http/error-handler';
import { toV1Error } from './errors';
import { idempotencyKeyOf } from './idempotency';
import { v1ContactRoutes } from './contact-routes';
import { v1FaxRoutes } from './fax-routes';
import { v1WebhookRoutes } from './webhook-routes';
import { v1StatusRoutes } from './status-routes';
import { createSharedRateLimiter, memoryRateLimiter } from './rate-limit';

const OPENAPI_PATH = '/v1/openapi.json';
/** The delivery record (decision 122): everyone's figures, so no key; counted against the caller's address. */
const STATUS_PATH = '/v1/status';

/**
 * The public REST API, at /v1 on the web app's origin: every request but the OpenAPI document and the status comes with
 * `Authorization: Bearer fl_live_…` or an app's OAuth access token for /v1 (decision 135), is counted against its key's
 * (or app's) requests per minute (answered in X-RateLimit-* headers, even when refused), and every error leaves as
 * `{"error":{"type","message","code","param"}}`.
 */
export async function registerPublicApi(
  app: FastifyInstance,
  deps: RouteDeps,
  redis: Redis | null,
  authorizationServer: AuthorizationServer,
) {
  // Counted together by every API server when there is Redis, else in this process.
  const limiter = redis ? createSharedRateLimiter(redis, app.log) : memoryRateLimiter();
  /** Counts a request against its key (or, without one that works, its address) and says where it stands. */
  const count = async (request: FastifyRequest, reply: FastifyReply, caller: ApiCaller | null) => {
    // Scaled like every limit (RATE_LIMIT_FACTOR, for test batteries); 1 in production.
    const limit = Math.round((caller?.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE) * deps.config.rateLimitFactor);
    const state = await limiter.hit(caller ? `key:${caller.id}` : `ip:${request.ip}`, limit);
    reply
      .header('x-ratelimit-limit', state.limit)
      .header('x-ratelimit-remaining', state.remaining)
      .header('x-ratelimit-reset', state.resetAt);
    return state;
  };

  // Every /v1 error leaves in the public API's shape, also one answered before routing (a malformed address), and
  // says where its caller stands; a request that never reached the key check counts against its address.
  answerErrorsAs(app, '/v1/', async (request, reply, body) => {
    if (request.url !== OPENAPI_PATH && !reply.hasHeader('x-ratelimit-limit')) await count(request, reply, null);
    return toV1Error(body, deps.config.publicUrl);
  });
  app.decorateRequest('apiCaller', null);
  const resource = authorizationServer.resources.v1;

  await app.register(
    async (v1) => {
      v1.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (request.url === OPENAPI_PATH) return;
        if (request.url.split('?')[0] === STATUS_PATH) {
          const state = await count(request, reply, null);
          if (!state.allowed)
            throw new AppError('rate_limited', 'errors.apiRateLimited', { limit: state.limit, seconds: state.retryAfter });
          return;
        }
        const secret = bearerSecretOf(request.headers.authorization);
        const caller = secret ? await callerOfBearer({ db: deps.db, authorizationServer }, resource, secret, request.ip) : null;
        // Without a key that works, the caller's address is counted instead: guessing keys is limited too.
        const state = await count(request, reply, caller);
        if (!state.allowed) throw new AppError('rate_limited', 'errors.apiRateLimited', { limit: state.limit, seconds: state.retryAfter });
        if (!caller) {
          // Where an app learns to get a token for /v1 (RFC 9728), beside the error every 401 of /v1 has.
          reply.header('www-authenticate', `Bearer resource_metadata="${protectedResourceMetadataUrl(deps.config.publicUrl, V1_PATH)}"`);
          throw new AppError('authentication_error', 'errors.invalidApiKey');
        }
        // Read with the key on every request: a key made on a plan with the API stops when the account moves off it.
        if (!caller.plan.apiAccess) throw new PlanFeatureMissing('errors.planLacksApiAccess', { plan: caller.plan.name });
        // Maintenance (back office) stops the API as it stops the portal; nothing is changed meanwhile.
        if ((await deps.systemSettings.current()).maintenanceMode) throw new AppError('unavailable', 'errors.maintenance');
        request.apiCaller = caller;
        // A key a POST would use (idempotency.ts), checked on every call: a malformed one is a 400, never ignored.
        idempotencyKeyOf(request);
      });
      await v1.register(publicApiRoutes, deps);
    },
    { prefix: '/v1' },
  );
}

/** The routes of /v1: its faxes, contacts and webhooks, and the OpenAPI document that describes them. */
const publicApiRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Made once: the document follows the contracts, which change only with a release.
  const document = openApiDocument('/v1');
  app.setNotFoundHandler(async (request) => {
    throw new AppError('not_found', 'errors.unknownEndpoint', { method: request.method, url: request.url.split('?')[0]! });
  });

  app.get('/openapi.json', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(document));
  await app.register(v1FaxRoutes, deps);
  await app.register(v1ContactRoutes, deps);
  await app.register(v1WebhookRoutes, deps);
  await app.register(v1StatusRoutes, deps);
};
