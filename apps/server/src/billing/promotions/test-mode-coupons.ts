import { and, gt, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../platform/db/client';
import { promotions } from './schema';

/**
 * The simulator forgets its coupons when the server restarts, while Faxline's promotions stay: each one still to come
 * or in force gets its coupon again, under the same id, with the redemptions it has left, so that checkout can apply it
 * (decision 088).
 */
export async function recreatePromotionCoupons(db: Database, stripe: Stripe): Promise<void> {
  const open = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.endedAt), gt(promotions.validUntil, new Date())));
  for (const promotion of open) {
    const left = promotion.maxRedemptions === null ? null : promotion.maxRedemptions - promotion.redemptions;
    if (left !== null && left <= 0) continue;
    await stripe.coupons.create({
      id: promotion.providerCouponId,
      name: promotion.name.en,
      ...(promotion.percentOff !== null
        ? { percent_off: promotion.percentOff }
        : { amount_off: promotion.amountOffCents!, currency: promotion.currency.toLowerCase() }),
      duration: 'once',
      redeem_by: Math.floor(promotion.validUntil.getTime() / 1000),
      ...(left !== null ? { max_redemptions: left } : {}),
      metadata: { promotion_id: promotion.id },
    });
  }
}
