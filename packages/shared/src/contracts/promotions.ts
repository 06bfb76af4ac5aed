import { z } from 'zod';
import { singleLineText } from '../text';

/**
 * Promotions (issue 36 item 5, decision 088): a coupon made in the back office, created at the payment provider and
 * applied to checkouts while it is in force; the announcement bar and the yearly-saving texts show it.
 */
export const PROMOTION_SCOPES = ['year', 'all'] as const;
/** `year`: only a yearly checkout gets it; `all`: monthly and yearly. */
export type TPromotionScope = (typeof PROMOTION_SCOPES)[number];
export const PROMOTION_NAME_MAX_LENGTH = 80;
export const PROMOTION_MAX_REDEMPTIONS = 1_000_000;
export const PROMOTION_MAX_AMOUNT_CENTS = 100_000_00;

const ZPromotionName = z
  .string({ error: 'validation.promotionName' })
  .trim()
  .min(1, { error: 'validation.promotionName' })
  .max(PROMOTION_NAME_MAX_LENGTH, { error: 'validation.promotionName' })
  .check(singleLineText);

/** The name customers read, per language; Spanish or French left out shows the English name. */
const ZPromotionNames = z.object({
  en: ZPromotionName,
  es: ZPromotionName.nullable().default(null),
  fr: ZPromotionName.nullable().default(null),
});

/** POST /api/admin/promotions: exactly one of a percentage or an amount (in the currency's cents) off. */
export const ZPromotionInput = z
  .object({
    name: ZPromotionNames,
    percentOff: z
      .number({ error: 'validation.promotionPercent' })
      .int({ error: 'validation.promotionPercent' })
      .min(1, { error: 'validation.promotionPercent' })
      .max(100, { error: 'validation.promotionPercent' })
      .nullable()
      .default(null),
    amountOffCents: z
      .number({ error: 'validation.promotionAmount' })
      .int({ error: 'validation.promotionAmount' })
      .min(1, { error: 'validation.promotionAmount' })
      .max(PROMOTION_MAX_AMOUNT_CENTS, { error: 'validation.promotionAmount' })
      .nullable()
      .default(null),
    appliesTo: z.enum(PROMOTION_SCOPES),
    validFrom: z.iso.datetime({ offset: true, error: 'validation.promotionDate' }),
    validUntil: z.iso.datetime({ offset: true, error: 'validation.promotionDate' }),
    maxRedemptions: z
      .number({ error: 'validation.promotionLimit' })
      .int({ error: 'validation.promotionLimit' })
      .min(1, { error: 'validation.promotionLimit' })
      .max(PROMOTION_MAX_REDEMPTIONS, { error: 'validation.promotionLimit' })
      .nullable()
      .default(null),
  })
  .superRefine((promotion, context) => {
    if ((promotion.percentOff === null) === (promotion.amountOffCents === null))
      context.addIssue({ code: 'custom', path: ['percentOff'], message: 'validation.promotionOneDiscount' });
    if (Date.parse(promotion.validUntil) <= Date.parse(promotion.validFrom))
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'validation.promotionUntilBeforeFrom' });
  });
export type TPromotionInput = z.input<typeof ZPromotionInput>;

export const ZPromotionParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });

/** A promotion as the back office sees it, with what customers have redeemed (counted from the provider's word). */
export const ZAdminPromotion = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), es: z.string().nullable(), fr: z.string().nullable() }),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.string().length(3),
  appliesTo: z.enum(PROMOTION_SCOPES),
  validFrom: z.iso.datetime({ offset: true }),
  validUntil: z.iso.datetime({ offset: true }),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int().nonnegative(),
  /** The coupon's id at the provider. */
  providerCouponId: z.string(),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TAdminPromotion = z.infer<typeof ZAdminPromotion>;
export const ZAdminPromotionsResponse = z.object({ promotions: z.array(ZAdminPromotion) });

/** GET /api/promotions/active: the promotion in force now, for everyone (no secrets, no counts); null when none. */
export const ZActivePromotion = z.object({
  /** The name in each language (the English one where it has none), so that one cached answer serves every reader. */
  name: z.object({ en: z.string(), es: z.string(), fr: z.string() }),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.string().length(3),
  appliesTo: z.enum(PROMOTION_SCOPES),
  validUntil: z.iso.datetime({ offset: true }),
});
export type TActivePromotion = z.infer<typeof ZActivePromotion>;
export const ZActivePromotionResponse = z.object({ promotion: ZActivePromotion.nullable() });
export type TActivePromotionResponse = z.infer<typeof ZActivePromotionResponse>;
