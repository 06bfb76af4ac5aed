import { ZAdminFailedPayments, ZAdminRevenue, ZAdminRevenueQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { readFailedPayments } from './failed-payments';
import { readRevenue } from './revenue';

/**
 * GET /api/admin/revenue?range= and GET /api/admin/failed-payments (issue 36 item 8, decision 092), behind the
 * back-office guard (admin/back-office-guard.ts). Read-only.
 */
export const adminRevenueRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/revenue', { schema: { querystring: ZAdminRevenueQuery, response: { 200: ZAdminRevenue } } }, async (request) =>
    readRevenue(db, request.query.range),
  );
  app.get('/failed-payments', { schema: { response: { 200: ZAdminFailedPayments } } }, async () => ({
    failedPayments: await readFailedPayments(db),
  }));
};
