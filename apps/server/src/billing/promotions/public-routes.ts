import { ZActivePromotionResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../route-deps';
import { promotionInForce, publicPromotionOf } from './promotions';

/** How long a browser or a proxy may keep the answer: a promotion ended in the back office is gone within a minute. */
const CACHE_SECONDS = 60;

/**
 * GET /api/promotions/active (decision 088): the promotion in force, which the announcement bar and the yearly-saving
 * texts show; null when none is, or when nothing can be bought here (no payment provider), since no page may then
 * promise a discount. The same for everyone, so it is cached briefly.
 */
export const publicPromotionRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'db' | 'billing'>> = async (app, { db, billing }) => {
  app.get('/promotions/active', { schema: { response: { 200: ZActivePromotionResponse } } }, async (_request, reply) => {
    const { stripe } = await billing.current();
    const row = stripe ? await promotionInForce(db, stripe.name) : null;
    reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
    return { promotion: row ? publicPromotionOf(row) : null };
  });
};
