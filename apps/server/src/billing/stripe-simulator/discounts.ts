import { newId } from './ids';
import type { Store } from './store';
import type { Coupon, Discount, InvoiceLine, Subscription } from './wire';

const SECONDS_PER_MONTH = 2_629_746; // a Gregorian year over twelve: what `duration_in_months` counts in

type DiscountOwner = { customer: string; subscription: string | null; checkoutSession: string | null; at: number };

/** Applies a coupon to a subscription or a customer: the coupon counts one more redemption. */
export function attachDiscount(store: Store, coupon: Coupon, owner: DiscountOwner): Discount {
  coupon.times_redeemed += 1;
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  return store.discounts.add({
    id: newId('di_'),
    object: 'discount',
    checkout_session: owner.checkoutSession,
    customer: owner.customer,
    customer_account: null,
    end: coupon.duration === 'repeating' ? owner.at + (coupon.duration_in_months ?? 0) * SECONDS_PER_MONTH : null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { coupon: coupon.id, type: 'coupon' },
    start: owner.at,
    subscription: owner.subscription,
    subscription_item: null,
  });
}

/**
 * The subscription's discounts that still apply to an invoice made at `at`: a `forever` coupon always, a `repeating`
 * one until its end, a `once` one until it has been spent on one invoice.
 */
export function discountsInForce(store: Store, subscription: Subscription, at: number): Discount[] {
  return subscription.discounts
    .map((entry) => store.discounts.get(typeof entry === 'string' ? entry : entry.id))
    .filter((discount): discount is Discount => discount !== undefined)
    .filter((discount) => {
      const coupon = couponOf(store, discount);
      if (coupon.duration === 'once') return !store.spentDiscounts.has(discount.id);
      if (coupon.duration === 'repeating') return discount.end === null || discount.end > at;
      return true;
    });
}

export function couponOf(store: Store, discount: Discount): Coupon {
  const coupon = discount.source.coupon;
  const id = typeof coupon === 'string' ? coupon : (coupon?.id ?? '');
  return store.deletedCoupons.get(id) ?? store.coupons.find(id);
}

/**
 * Writes each discount's share onto the discountable lines (`discount_amounts`, and `pretax_credit_amounts` where this
 * API version lists them too) and answers the amount each discount takes off the invoice. A percentage applies to
 * each line, credits included, rounded per line as Stripe rounds; a fixed amount is spread over the positive lines and
 * never takes more than they add up to.
 */
export function applyDiscounts(store: Store, lines: InvoiceLine[], discounts: Discount[]): { amount: number; discount: string }[] {
  const totals: { amount: number; discount: string }[] = [];
  for (const discount of discounts) {
    const coupon = couponOf(store, discount);
    const shares = coupon.percent_off !== null ? percentShares(lines, coupon.percent_off) : fixedShares(lines, coupon.amount_off ?? 0);
    let total = 0;
    lines.forEach((line, index) => {
      const amount = shares[index] ?? 0;
      if (amount === 0) return;
      line.discount_amounts = [...(line.discount_amounts ?? []), { amount, discount: discount.id }];
      line.pretax_credit_amounts = [...(line.pretax_credit_amounts ?? []), { amount, discount: discount.id, type: 'discount' }];
      line.discounts = [...line.discounts, discount.id];
      total += amount;
    });
    totals.push({ amount: total, discount: discount.id });
  }
  return totals;
}

function percentShares(lines: InvoiceLine[], percentOff: number): number[] {
  return lines.map((line) => (line.discountable ? Math.round((line.amount * percentOff) / 100) : 0));
}

function fixedShares(lines: InvoiceLine[], amountOff: number): number[] {
  const positive = lines.map((line) => (line.discountable && line.amount > 0 ? line.amount : 0));
  const base = positive.reduce((sum, amount) => sum + amount, 0);
  const take = Math.min(
    amountOff,
    Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amount, 0),
    ),
  );
  if (base === 0 || take === 0) return lines.map(() => 0);
  let left = take;
  const last = positive.findLastIndex((amount) => amount > 0);
  return positive.map((amount, index) => {
    if (amount === 0) return 0;
    const share = index === last ? left : Math.floor((take * amount) / base);
    left -= share;
    return share;
  });
}
