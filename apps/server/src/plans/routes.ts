import { ZPlansResponse, type TPlansResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanCatalogue } from './catalogue';

export const planRoutes: FastifyPluginAsyncZod<{ planCatalogue: PlanCatalogue }> = async (app, { planCatalogue }) => {
  app.get('/plans', { schema: { response: { 200: ZPlansResponse } } }, async (_request, reply) => {
    // no-cache: a price edited in the back office shows on /pricing at the next load (the browser revalidates).
    reply.header('cache-control', 'no-cache');
    // Already JSON, checked against ZPlansResponse when it was built; Fastify sends a JSON string as it is (the type
    // provider only knows the object form).
    const body = (await planCatalogue.publicJson()) as unknown as TPlansResponse;
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
