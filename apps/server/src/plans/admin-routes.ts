import { ZAdminPlan, ZAdminPlanInput, ZAdminPlanParams, ZAdminPlansResponse, ZOk, type TAdminPlan } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { createPlan, createProviderPrices, deletePlan, listAdminPlans, planChanges, setPlanArchived, updatePlan } from './manage-plans';

/** Who changed which plan, in the audit trail (plans are product data customers pay by). */
function auditPlan(db: Database, request: FastifyRequest, action: `plan.${string}`, plan: TAdminPlan, details: Record<string, unknown>) {
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId: null,
    ip: request.ip,
    action,
    objectType: 'plan',
    objectId: plan.id,
    outcome: 'success',
    details: { name: plan.name, ...details },
  });
}

/**
 * /api/admin/plans (spec 001 §2.11, §5; DESIGN.md "Plans"): the catalogue that /pricing and /fax-plans show, archived
 * plans included. A change is on the public pages at the next GET /api/plans, in every API process.
 */
export const adminPlanRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, planCatalogue, planUse, billing }) => {
  const params = ZAdminPlanParams;
  const deps = { db, planCatalogue, planUse };

  app.get('/plans', { schema: { response: { 200: ZAdminPlansResponse } } }, async () => ({ plans: await listAdminPlans(deps) }));

  app.post('/plans', { schema: { body: ZAdminPlanInput, response: { 201: ZAdminPlan } } }, async (request, reply) => {
    const plan = await createPlan(deps, request.body);
    await auditPlan(db, request, 'plan.create', plan, {});
    return reply.status(201).send(plan);
  });

  app.put('/plans/:id', { schema: { params, body: ZAdminPlanInput, response: { 200: ZAdminPlan } } }, async (request) => {
    const { before, after } = await updatePlan(deps, request.params.id, request.body);
    await auditPlan(db, request, 'plan.update', after, { changes: planChanges(before, after) });
    return after;
  });

  // "Create in Stripe": the product and both prices made through the billing provider, and named on the plan.
  app.post('/plans/:id/stripe-prices', { schema: { params, response: { 200: ZAdminPlan } } }, async (request) => {
    const { stripe } = await billing.current();
    if (!stripe) throw new AppError('conflict', 'errors.stripeNotSetUp');
    const { before, after } = await createProviderPrices(deps, request.params.id, stripe);
    await auditPlan(db, request, 'plan.stripe_prices', after, { changes: planChanges(before, after) });
    return after;
  });

  // "Create in PayPal": the product and the monthly and yearly billing plans made at PayPal (decision 095).
  app.post('/plans/:id/paypal-plans', { schema: { params, response: { 200: ZAdminPlan } } }, async (request) => {
    const { paypal } = await billing.current();
    if (!paypal) throw new AppError('conflict', 'errors.paypalNotSetUp');
    const { before, after } = await createProviderPrices(deps, request.params.id, paypal);
    await auditPlan(db, request, 'plan.paypal_plans', after, { changes: planChanges(before, after) });
    return after;
  });

  app.post('/plans/:id/archive', { schema: { params, response: { 200: ZAdminPlan } } }, async (request) => {
    const plan = await setPlanArchived(deps, request.params.id, true);
    await auditPlan(db, request, 'plan.archive', plan, {});
    return plan;
  });

  app.post('/plans/:id/restore', { schema: { params, response: { 200: ZAdminPlan } } }, async (request) => {
    const plan = await setPlanArchived(deps, request.params.id, false);
    await auditPlan(db, request, 'plan.restore', plan, {});
    return plan;
  });

  app.delete('/plans/:id', { schema: { params, response: { 200: ZOk } } }, async (request) => {
    const plan = await deletePlan(deps, request.params.id);
    await auditPlan(db, request, 'plan.delete', plan, {});
    return { ok: true as const };
  });
};
