import {
  ZInternationalRate,
  ZInternationalRateInput,
  ZInternationalRateParams,
  ZInternationalRatesResponse,
  type TInternationalRate,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import type { RouteDeps } from '../route-deps';
import { listInternationalRates, removeInternationalRate, setInternationalRate } from './international-rates';

/** Who priced which country, in the audit trail: a rate is what customers pay for a fax abroad. */
function auditRate(db: Database, request: FastifyRequest, action: `international_rate.${string}`, country: string, details: object) {
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId: null,
    ip: request.ip,
    action,
    objectType: 'international_rate',
    objectId: country,
    outcome: 'success',
    details: { ...details },
  });
}

const centsOf = (rate: TInternationalRate | null) => rate?.centsPerPage ?? null;

/**
 * /api/admin/international-rates (issue 36, decision 096): the price per page to each country, for the platform
 * admins the back office's guard lets in. A change applies to the quotes made after it; a fax already accepted keeps
 * the rate it was quoted.
 */
export const adminInternationalRateRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/international-rates', { schema: { response: { 200: ZInternationalRatesResponse } } }, async () => ({
    rates: await listInternationalRates(db),
  }));

  app.put(
    '/international-rates/:country',
    { schema: { params: ZInternationalRateParams, body: ZInternationalRateInput, response: { 200: ZInternationalRate } } },
    async (request) => {
      const { before, after } = await setInternationalRate(db, request.params.country, request.body.centsPerPage);
      await auditRate(db, request, before ? 'international_rate.update' : 'international_rate.create', after.country, {
        from: centsOf(before),
        to: after.centsPerPage,
        currency: after.currency,
      });
      return after;
    },
  );

  app.delete(
    '/international-rates/:country',
    { schema: { params: ZInternationalRateParams, response: { 200: ZInternationalRate } } },
    async (request) => {
      const removed = await removeInternationalRate(db, request.params.country);
      await auditRate(db, request, 'international_rate.delete', removed.country, {
        from: removed.centsPerPage,
        currency: removed.currency,
      });
      return removed;
    },
  );
};

/**
 * GET /api/international-rates: the same table for everyone, signed in or not (/support#international-rates), so that
 * the rates a page states are the rates a fax is charged.
 */
export const internationalRateRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/international-rates', { schema: { response: { 200: ZInternationalRatesResponse } } }, async (_request, reply) => {
    // no-cache: a rate edited in the back office shows at the next load (the browser revalidates).
    reply.header('cache-control', 'no-cache');
    return { rates: await listInternationalRates(db) };
  });
};
