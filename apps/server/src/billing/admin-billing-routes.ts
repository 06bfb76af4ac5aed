import {
  INVOICES_PER_PAGE,
  ZAdminAccountBilling,
  ZAdminAccountBillingQuery,
  ZAdminAccountInvoiceParams,
  ZAdminAccountParams,
  ZAdminCreditNoteRequest,
  ZAdminGrantPlanRequest,
  ZAdminPersonAccount,
  ZAdminUserParams,
  ZUsageCsvQuery,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { findPerson } from '../accounts/admin-users';
import { accountBilling, accountOfPerson, creditInvoice, grantPlan, type Operator } from './admin-billing';
import { sendInvoicePdf } from './invoice-routes';
import { sendUsageCsv } from './usage-routes';

const operatorOf = (request: FastifyRequest): Operator => ({ userId: request.adminAccess!.session.user.id, ip: request.ip });

/**
 * /api/admin/accounts/:accountId/billing… (issue 36 item 8, decision 091): one customer account's billing in the back
 * office, behind its guard (admin/back-office-guard.ts): read it, grant a plan, refund as a credit note.
 */
export const adminBillingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;

  // Which account a person of the back office's people list belongs to, their role in it and its owner: the way from
  // a person to their account's billing.
  app.get('/users/:id/account', { schema: { params: ZAdminUserParams, response: { 200: ZAdminPersonAccount } } }, async (request) => {
    await findPerson(db, request.params.id);
    return accountOfPerson(db, request.params.id);
  });

  app.get(
    '/accounts/:accountId/billing',
    { schema: { params: ZAdminAccountParams, querystring: ZAdminAccountBillingQuery, response: { 200: ZAdminAccountBilling } } },
    async (request, reply) => {
      const { stripe } = await deps.billing.current();
      reply.header('cache-control', 'no-store');
      return accountBilling({ db, provider: stripe }, request.params.accountId, {
        limit: INVOICES_PER_PAGE,
        after: request.query.after ?? null,
      });
    },
  );

  app.post(
    '/accounts/:accountId/billing/plan',
    { schema: { params: ZAdminAccountParams, body: ZAdminGrantPlanRequest } },
    async (request, reply) => {
      await grantPlan(db, operatorOf(request), request.params.accountId, request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/accounts/:accountId/billing/invoices/:invoiceId/pdf',
    { schema: { params: ZAdminAccountInvoiceParams } },
    async (request, reply) => {
      const { stripe } = await deps.billing.current();
      if (!stripe) throw new AppError('not_found', 'errors.invoiceNotFound');
      return sendInvoicePdf(deps, reply, stripe, request.params.accountId, request.params.invoiceId);
    },
  );

  app.post(
    '/accounts/:accountId/billing/invoices/:invoiceId/credit-notes',
    { schema: { params: ZAdminAccountInvoiceParams, body: ZAdminCreditNoteRequest } },
    async (request, reply) => {
      const { stripe } = await deps.billing.current();
      if (!stripe) throw new AppError('not_found', 'errors.invoiceNotFound');
      await creditInvoice({ db, provider: stripe }, operatorOf(request), request.language, request.params, request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/accounts/:accountId/billing/usage.csv',
    { schema: { params: ZAdminAccountParams, querystring: ZUsageCsvQuery } },
    async (request, reply) => sendUsageCsv(db, reply, request.language, request.params.accountId, request.query),
  );
};
