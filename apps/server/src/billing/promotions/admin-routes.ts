import { ZAdminPromotion, ZAdminPromotionsResponse, ZPromotionInput, ZPromotionParams, type TAdminPromotion } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../../audit/record-audit-event';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import type { RouteDeps } from '../../route-deps';
import { createPromotion, endPromotion, listPromotions } from './promotions';

/** Who created or ended which promotion, in the audit trail: a promotion changes what customers pay. */
function auditPromotion(db: Database, request: FastifyRequest, action: `promotion.${string}`, promotion: TAdminPromotion) {
  const { id, providerCouponId, redemptions, ...terms } = promotion;
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId: null,
    ip: request.ip,
    action,
    objectType: 'promotion',
    objectId: id,
    outcome: 'success',
    details: { ...terms, providerCouponId, redemptions },
  });
}

/**
 * /api/admin/promotions (issue 36 item 5, decision 088): coupons that checkouts apply while they are in force, for the
 * platform admins the back office's guard lets in. Creating one needs a payment provider: its coupon is made there.
 */
export const adminPromotionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, billing }) => {
  const providerOrRefuse = async () => {
    const { stripe } = await billing.current();
    if (!stripe) throw new AppError('conflict', 'errors.billingOff');
    return stripe;
  };

  app.get('/promotions', { schema: { response: { 200: ZAdminPromotionsResponse } } }, async () => ({
    promotions: await listPromotions(db),
  }));

  app.post('/promotions', { schema: { body: ZPromotionInput, response: { 201: ZAdminPromotion } } }, async (request, reply) => {
    const promotion = await createPromotion(db, await providerOrRefuse(), request.body);
    await auditPromotion(db, request, 'promotion.create', promotion);
    return reply.status(201).send(promotion);
  });

  app.post('/promotions/:id/end', { schema: { params: ZPromotionParams, response: { 200: ZAdminPromotion } } }, async (request) => {
    const promotion = await endPromotion(db, await providerOrRefuse(), request.params.id);
    await auditPromotion(db, request, 'promotion.end', promotion);
    return promotion;
  });
};
