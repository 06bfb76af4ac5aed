import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TAdminPromotion, TPromotionScope } from '@faxline/shared';
import type { TBillingProvider } from '../schema';

/**
 * Promotions made in the back office (decision 088): Faxline's record of a coupon it created at the provider, which
 * checkouts apply while it is in force. `redemptions` counts completed checkouts, from the provider's webhook (each
 * event once), never clicks.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    name: jsonb('name').$type<TAdminPromotion['name']>().notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').notNull(),
    appliesTo: text('applies_to').$type<TPromotionScope>().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    provider: text('provider').$type<TBillingProvider>().notNull(),
    providerCouponId: text('provider_coupon_id').notNull(),
    /** Ended by an operator before its end date: no new checkout gets it (discounts already given stay). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_provider_coupon_idx').on(table.provider, table.providerCouponId),
    check('promotions_one_discount', sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`),
    check('promotions_period', sql`${table.validUntil} > ${table.validFrom}`),
  ],
);
