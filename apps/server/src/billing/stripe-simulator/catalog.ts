import { invalidParam, StripeApiError } from './errors';
import { recordEvent } from './events';
import { newId } from './ids';
import type { Store } from './store';
import type { Coupon, Plan, Price, Product } from './wire';

export type ProductInput = { id?: string; name: string; description?: string; active?: boolean; metadata: Record<string, string> };

export function createProduct(store: Store, input: ProductInput): Product {
  const id = input.id ?? newId('prod_', 14);
  if (store.products.get(id)) throw invalidParam('id', `Product already exists: ${id}`);
  const now = store.clock.seconds();
  const product: Product = {
    id,
    object: 'product',
    active: input.active ?? true,
    created: now,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  store.products.add(product);
  recordEvent(store, 'product.created', product);
  return product;
}

export type PriceInput = {
  /** A product's id, or the product to make with the price (`product_data`). */
  product: string | { name: string; metadata: Record<string, string> };
  currency: string;
  unitAmount: number;
  interval?: 'month' | 'year';
  intervalCount?: number;
  lookupKey?: string;
  transferLookupKey?: boolean;
  nickname?: string;
  active?: boolean;
  metadata: Record<string, string>;
};

export function createPrice(store: Store, input: PriceInput): Price {
  if (typeof input.product === 'string') store.products.find(input.product, 'product');
  if (input.lookupKey !== undefined) releaseLookupKey(store, input.lookupKey, input.transferLookupKey ?? false);
  const productId = typeof input.product === 'string' ? input.product : createProduct(store, input.product).id;
  const price: Price = {
    id: newId('price_'),
    object: 'price',
    active: input.active ?? true,
    billing_scheme: 'per_unit',
    created: store.clock.seconds(),
    currency: input.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey ?? null,
    metadata: input.metadata,
    nickname: input.nickname ?? null,
    product: productId,
    recurring: input.interval
      ? { interval: input.interval, interval_count: input.intervalCount ?? 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.interval ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
  store.prices.add(price);
  recordEvent(store, 'price.created', price);
  return price;
}

/** A lookup key names one price at a time: taking it from another price needs `transfer_lookup_key`, as on Stripe. */
export function releaseLookupKey(store: Store, lookupKey: string, transfer: boolean): void {
  const holder = store.prices.all().find((price) => price.lookup_key === lookupKey);
  if (!holder) return;
  if (!transfer) {
    throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it.`);
  }
  holder.lookup_key = null;
}

/** The legacy `plan` view of a recurring price that subscription items still carry. */
export function planOf(price: Price): Plan {
  if (!price.recurring) throw new StripeApiError(`The price ${price.id} is not recurring`, { status: 400, param: 'price' });
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export type CouponInput = {
  id?: string;
  name?: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: 'once' | 'forever' | 'repeating';
  durationInMonths?: number;
  maxRedemptions?: number;
  redeemBy?: number;
  metadata: Record<string, string>;
};

export function createCoupon(store: Store, input: CouponInput): Coupon {
  if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
    throw invalidParam('percent_off', 'You must pass exactly one of percent_off or amount_off.');
  }
  if (input.amountOff !== undefined && !input.currency) throw invalidParam('currency', 'You must pass currency when passing amount_off.');
  if (input.percentOff !== undefined && (input.percentOff <= 0 || input.percentOff > 100)) {
    throw invalidParam('percent_off', 'percent_off must be greater than 0 and at most 100.');
  }
  if ((input.duration === 'repeating') !== (input.durationInMonths !== undefined)) {
    throw invalidParam('duration_in_months', 'duration_in_months is required with duration=repeating, and only then.');
  }
  const id = input.id ?? newId('', 8);
  if (store.coupons.get(id))
    throw new StripeApiError('Coupon already exists.', { status: 400, code: 'resource_already_exists', param: 'id' });
  const coupon: Coupon = {
    id,
    object: 'coupon',
    amount_off: input.amountOff ?? null,
    created: store.clock.seconds(),
    currency: input.currency?.toLowerCase() ?? null,
    duration: input.duration,
    duration_in_months: input.durationInMonths ?? null,
    livemode: false,
    max_redemptions: input.maxRedemptions ?? null,
    metadata: input.metadata,
    name: input.name ?? null,
    percent_off: input.percentOff ?? null,
    redeem_by: input.redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
  store.coupons.add(coupon);
  recordEvent(store, 'coupon.created', coupon);
  return coupon;
}

/**
 * `DELETE /v1/coupons/:id`: no checkout or subscription may apply it any more; the discounts it already gave stay, as
 * on Stripe. Answers Stripe's deleted object.
 */
export function deleteCoupon(store: Store, id: string): { id: string; object: 'coupon'; deleted: true } {
  const coupon = store.coupons.find(id);
  store.coupons.remove(id);
  store.deletedCoupons.set(id, coupon);
  recordEvent(store, 'coupon.deleted', coupon);
  return { id, object: 'coupon', deleted: true };
}

/** A coupon a checkout may still apply: Stripe refuses a spent or expired one when the session is made. */
export function redeemableCoupon(store: Store, id: string, param: string): Coupon {
  const coupon = store.coupons.find(id, param);
  const now = store.clock.seconds();
  const spent = coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions;
  const expired = coupon.redeem_by !== null && coupon.redeem_by <= now;
  if (spent || expired) throw invalidParam(param, `Coupon ${id} is no longer valid.`);
  return coupon;
}
