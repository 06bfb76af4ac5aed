import { ZPlansResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanCatalogue } from './catalogue';

export const planRoutes: FastifyPluginAsyncZod<{ planCatalogue: PlanCatalogue }> = async (app, { planCatalogue }) => {
  app.get('/plans', { schema: { response: { 200: ZPlansResponse } } }, async (_request, reply) => {
    // no-cache: a price edited in the back office shows on /pricing at the next load (the browser revalidates).
    reply.header('cache-control', 'no-cache');
    return { plans: await planCatalogue.active() };
  });
};
