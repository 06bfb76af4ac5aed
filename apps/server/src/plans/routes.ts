import { ZPlansResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../platform/db/client';
import { listActivePlans } from './list-plans';

export const planRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Public, and the same for everyone: shared caches may keep it for a minute.
  app.get('/plans', { schema: { response: { 200: ZPlansResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { plans: await listActivePlans(db) };
  });
};
