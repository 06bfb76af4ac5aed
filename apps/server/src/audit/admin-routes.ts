import { ZAdminAuditFacets, ZAdminAuditQuery, ZAdminAuditResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { readAuditFacets, readAuditLog } from './read-audit-log';

/**
 * The audit log viewer's API, behind the back-office guard (admin/back-office-guard.ts). Read-only: the trail is append-only
 * (audit/schema.ts) and nothing here writes to it or to anything else.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auditPeople }) => {
  app.get('/audit', { schema: { querystring: ZAdminAuditQuery, response: { 200: ZAdminAuditResponse } } }, async (request) =>
    readAuditLog({ db, people: auditPeople }, request.query),
  );

  app.get('/audit/facets', { schema: { response: { 200: ZAdminAuditFacets } } }, async () => readAuditFacets(db));
};
