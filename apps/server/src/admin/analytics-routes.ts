import { ZAdminAnalytics, ZAdminAnalyticsQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAnalytics } from './analytics';
import type { RouteDeps } from '../route-deps';

/** GET /api/admin/analytics?range= (spec 001 §2.11, §4), behind the back-office guard (admin/back-office-guard.ts). Read-only. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/analytics', { schema: { querystring: ZAdminAnalyticsQuery, response: { 200: ZAdminAnalytics } } }, async (request) =>
    readAnalytics(db, request.query.range, request.language),
  );
};
