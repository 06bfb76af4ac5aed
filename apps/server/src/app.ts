import { randomUUID } from 'node:crypto';
import type { TLanguage } from '@faxline/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthRoutes, type ReadinessChecks } from './health/routes';
import type { TConfig } from './platform/config';
import { negotiateLanguage } from './platform/i18n/i18n';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security';
import { registerWebApp } from './platform/http/web-app';
import type { Logger } from './platform/logger';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answers (from Accept-Language; later the person's own choice). */
    language: TLanguage;
  }
}

export type AppDeps = {
  /** `webDistDir` absent: API only (tests). */
  config: Pick<TConfig, 'secureTransport' | 'trustProxy'> & { webDistDir?: string };
  logger: Logger;
  checks: ReadinessChecks;
};

/** The HTTP application, without listening: `main` listens, tests use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    // Behind a trusted proxy, keep its request id so one id follows the request through every log.
    requestIdHeader: deps.config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request, reply) => {
    request.language = negotiateLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { secureTransport: deps.config.secureTransport });

  await app.register(healthRoutes, { checks: deps.checks });
  await registerWebApp(app, deps.config.webDistDir);
  return app;
}
