import { ZAdminAnalytics, ZAdminAnalyticsQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAnalytics } from './analytics';
import type { AdminRouteDeps } from './routes';

/** GET /api/admin/analytics?range= (spec 001 §2.11, §4), behind the back-office guard of admin/routes.ts. Read-only. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, { db }) => {
  app.get('/analytics', { schema: { querystring: ZAdminAnalyticsQuery, response: { 200: ZAdminAnalytics } } }, async (request) =>
    readAnalytics(db, request.query.range, request.language),
  );
};
