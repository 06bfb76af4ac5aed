import { ZPlansResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../platform/db/client';
import { listActivePlans } from './list-plans';

export const planRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Public, and the same for everyone: shared caches may keep it for a minute.
  app.get('/plans', { schema: { response: { 200: ZPlansResponse } } }, async (_request, reply) => {
    // no-cache: a price edited in the back office shows on /pricing at the next load (the browser revalidates).
    reply.header('cache-control', 'no-cache');
    return { plans: await listActivePlans(db) };
  });
};
