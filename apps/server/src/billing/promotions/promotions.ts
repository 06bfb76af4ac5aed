import { randomUUID } from 'node:crypto';
import type { TActivePromotion, TAdminPromotion, TBillingInterval } from '@faxline/shared';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZPromotionInput } from '@faxline/shared';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { pricedPlans } from '../../plans/plan-prices';
import type { BillingProvider } from '../billing-provider';
import type { TBillingProvider } from '../schema';
import { promotions } from './schema';

type PromotionRow = typeof promotions.$inferSelect;
type PromotionInput = z.output<typeof ZPromotionInput>;

/** Promotions may not overlap: at any moment at most one is in force, so the bar, the texts and checkout agree. */
const OVERLAP_LOCK = 'promotions:period';
const DEFAULT_CURRENCY = 'USD';

export function adminPromotionOf(row: PromotionRow): TAdminPromotion {
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: row.currency,
    appliesTo: row.appliesTo,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    providerCouponId: row.providerCouponId,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPromotions(db: Database): Promise<TAdminPromotion[]> {
  const rows = await db.select().from(promotions).orderBy(desc(promotions.validFrom), desc(promotions.createdAt));
  return rows.map(adminPromotionOf);
}

/** In force at `at`: started, not past its end, not ended by an operator, and not redeemed up to its limit. */
const inForceAt = (at: Date) =>
  and(
    isNull(promotions.endedAt),
    lte(promotions.validFrom, at),
    gt(promotions.validUntil, at),
    or(isNull(promotions.maxRedemptions), sql`${promotions.redemptions} < ${promotions.maxRedemptions}`),
  );

/** The promotion in force now at this provider, if any. */
export async function promotionInForce(db: Database, provider: TBillingProvider, at = new Date()): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.provider, provider), inForceAt(at)))
    .orderBy(desc(promotions.validFrom))
    .limit(1);
  return row ?? null;
}

/** The provider's coupon a checkout at this interval gets: the promotion in force, when it applies to the interval. */
export async function couponForCheckout(db: Database, provider: TBillingProvider, interval: TBillingInterval): Promise<string | null> {
  const promotion = await promotionInForce(db, provider);
  if (!promotion || (promotion.appliesTo === 'year' && interval !== 'year')) return null;
  return promotion.providerCouponId;
}

/** What the public pages show of the promotion in force: its names and terms, nothing the back office alone sees. */
export function publicPromotionOf(row: PromotionRow): TActivePromotion {
  return {
    name: { en: row.name.en, es: row.name.es ?? row.name.en, fr: row.name.fr ?? row.name.en },
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: row.currency,
    appliesTo: row.appliesTo,
    validUntil: row.validUntil.toISOString(),
  };
}

/**
 * Creates a promotion: its coupon at the provider first (a coupon Faxline does not record is harmless, it applies to
 * nothing), then Faxline's row. An amount off is in the currency the plans are sold in (a coupon in another currency
 * would apply to none of them).
 */
export async function createPromotion(db: Database, provider: BillingProvider, input: PromotionInput): Promise<TAdminPromotion> {
  const validFrom = new Date(input.validFrom);
  const validUntil = new Date(input.validUntil);
  if (validUntil <= new Date()) throw new AppError('invalid_request', 'validation.promotionAlreadyOver', {}, 'body.validUntil');
  const currency = (await pricedPlans(db))[0]?.currency.toUpperCase() ?? DEFAULT_CURRENCY;
  const id = randomUUID();
  return inTransaction(db, async (tx) => {
    // Two operators creating at once would each see no overlap; the second waits here and then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OVERLAP_LOCK}))`);
    // Only the moments to come matter: a promotion whose dates are over overlaps nothing.
    const from = new Date(Math.max(validFrom.getTime(), Date.now()));
    const [overlapping] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(isNull(promotions.endedAt), gt(promotions.validUntil, from), sql`${promotions.validFrom} < ${validUntil}`))
      .limit(1);
    if (overlapping) throw new AppError('conflict', 'errors.promotionOverlaps', {}, 'body.validFrom');
    const { couponId } = await provider.createCoupon({
      name: input.name.en,
      discount: input.percentOff !== null ? { percentOff: input.percentOff } : { amountOffCents: input.amountOffCents!, currency },
      redeemBy: validUntil,
      maxRedemptions: input.maxRedemptions,
      promotionId: id,
    });
    const [row] = await tx
      .insert(promotions)
      .values({
        id,
        name: { en: input.name.en, es: input.name.es, fr: input.name.fr },
        percentOff: input.percentOff,
        amountOffCents: input.amountOffCents,
        currency,
        appliesTo: input.appliesTo,
        validFrom,
        validUntil,
        maxRedemptions: input.maxRedemptions,
        provider: provider.name,
        providerCouponId: couponId,
      })
      .returning();
    return adminPromotionOf(row!);
  });
}

/** Ends a promotion now: its coupon is ended at the provider, then no checkout gets it. Ending an ended one is refused. */
export async function endPromotion(db: Database, provider: BillingProvider, id: string): Promise<TAdminPromotion> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.promotionNotFound');
    if (row.endedAt) throw new AppError('conflict', 'errors.promotionAlreadyEnded');
    if (row.provider !== provider.name) throw new AppError('conflict', 'errors.billingOff');
    await provider.endCoupon(row.providerCouponId);
    const [ended] = await tx.update(promotions).set({ endedAt: new Date() }).where(eq(promotions.id, id)).returning();
    return adminPromotionOf(ended!);
  });
}

/**
 * A completed checkout that applied a promotion's coupon, as the provider's webhook says: one redemption more. Called
 * in the transaction that stores the event once, so a repeated event counts nothing twice.
 */
export async function countRedemption(db: Database, provider: TBillingProvider, couponId: string): Promise<void> {
  await db
    .update(promotions)
    .set({ redemptions: sql`${promotions.redemptions} + 1` })
    .where(and(eq(promotions.provider, provider), eq(promotions.providerCouponId, couponId)));
}
