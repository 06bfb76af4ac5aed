import { randomBytes, randomUUID } from 'node:crypto';
import type { SimulatorClock } from '../stripe-simulator/clock';
import {
  invalidRequest,
  notFound,
  unprocessable,
  type PayPalEvent,
  type PayPalIntervalUnit,
  type PayPalMoney,
  type PayPalPlan,
  type PayPalProduct,
  type PayPalSubscription,
  type PayPalTransaction,
} from './wire';

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** PayPal's ids: a prefix and upper-case letters and digits (`I-BW452GLLEP1G`, `P-5ML4271244454362WXNWU5NQ`). */
export function paypalId(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** The simulated payer who approves every subscription on the approval page. */
export const SIMULATED_PAYER = { email_address: 'buyer@example.com', given_name: 'Test', surname: 'Buyer' };

export type Store = ReturnType<typeof createStore>;

/** A billing cycle as a plan's creation sends it, checked before it is kept. */
type CycleInput = {
  tenure_type?: string;
  total_cycles?: number;
  frequency?: { interval_unit?: PayPalIntervalUnit; interval_count?: number };
  pricing_scheme?: { fixed_price?: PayPalMoney };
};

/** A plan's price as a number of cents (PayPal writes amounts as decimal strings). */
const centsOf = (money: PayPalMoney) => Math.round(Number(money.value) * 100);
const moneyOf = (cents: number, currency: string): PayPalMoney => ({ currency_code: currency, value: (cents / 100).toFixed(2) });

/** One billing cycle later, in UTC calendar units (a month from 31 January is the last day of February, as PayPal bills). */
export function addCycle(from: Date, unit: PayPalIntervalUnit, count: number): Date {
  const date = new Date(from);
  if (unit === 'DAY' || unit === 'WEEK') return new Date(date.getTime() + count * (unit === 'DAY' ? 1 : 7) * 86_400_000);
  const months = unit === 'YEAR' ? 12 * count : count;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/**
 * The simulator's state and PayPal's rules for the subscriptions API: products, plans, subscriptions that a payer
 * approves on the hosted page, renewals as the clock passes a subscription's next billing time, payments that fail
 * when told to, and the webhook events each of these makes.
 */
export function createStore(clock: SimulatorClock, options: { paymentFailureThreshold?: number } = {}) {
  const products = new Map<string, PayPalProduct>();
  const plans = new Map<string, PayPalPlan>();
  const subscriptions = new Map<string, PayPalSubscription>();
  const transactions = new Map<string, PayPalTransaction[]>();
  const approvalTokens = new Map<string, string>();
  const returnUrls = new Map<string, { returnUrl: string; cancelUrl: string; token: string }>();
  const declining = new Set<string>();
  const events: PayPalEvent[] = [];
  const iso = () => clock.now().toISOString();

  const store = {
    /** Where links point (the simulator's own address). */
    publicUrl: '',
    onEvent: (_event: PayPalEvent) => {},
    products,
    plans,
    subscriptions,
    events,

    link(path: string, rel: string, method: 'GET' | 'POST' | 'PATCH' = 'GET') {
      return { href: `${store.publicUrl}${path}`, rel, method };
    },

    emit(eventType: string, resourceType: 'subscription' | 'sale', resource: Record<string, unknown>, summary: string) {
      const id = `WH-${paypalId('', 17)}-${paypalId('', 17)}`;
      const event: PayPalEvent = {
        id,
        event_version: '1.0',
        create_time: iso(),
        resource_type: resourceType,
        resource_version: resourceType === 'subscription' ? '2.0' : '1.0',
        event_type: eventType,
        summary,
        resource: structuredClone(resource),
        links: [store.link(`/v1/notifications/webhooks-events/${id}`, 'self')],
      };
      events.push(event);
      store.onEvent(event);
    },

    createProduct(body: Record<string, unknown>): PayPalProduct {
      if (typeof body.name !== 'string' || !body.name)
        throw invalidRequest('/name', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      const type = body.type ?? 'SERVICE';
      if (type !== 'PHYSICAL' && type !== 'DIGITAL' && type !== 'SERVICE')
        throw invalidRequest('/type', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      const id = typeof body.id === 'string' && body.id ? body.id : paypalId('PROD-', 17);
      if (products.has(id)) throw unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'A resource with the same id already exists.');
      const product: PayPalProduct = {
        id,
        name: body.name,
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        type,
        create_time: iso(),
        update_time: iso(),
        links: [store.link(`/v1/catalogs/products/${id}`, 'self')],
      };
      products.set(id, product);
      return product;
    },

    createPlan(body: Record<string, unknown>): PayPalPlan {
      const productId = body.product_id;
      if (typeof productId !== 'string') throw invalidRequest('/product_id', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      if (!products.has(productId)) throw notFound(`The product ${productId} does not exist.`);
      if (typeof body.name !== 'string' || !body.name)
        throw invalidRequest('/name', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      const cycles = body.billing_cycles;
      // Faxline's plans are one regular cycle at a fixed price, repeated until cancelled: the only shape simulated.
      const cycle = Array.isArray(cycles) && cycles.length === 1 ? (cycles[0] as CycleInput) : null;
      const unit = cycle?.frequency?.interval_unit;
      const price = cycle?.pricing_scheme?.fixed_price;
      if (
        !cycle ||
        cycle.tenure_type !== 'REGULAR' ||
        !unit ||
        !['DAY', 'WEEK', 'MONTH', 'YEAR'].includes(unit) ||
        !price?.currency_code ||
        !/^\d+(\.\d{1,2})?$/.test(String(price.value))
      )
        throw invalidRequest(
          '/billing_cycles',
          'INVALID_PARAMETER_VALUE',
          'One REGULAR cycle with a frequency and a fixed price is required.',
        );
      const prefs = (body.payment_preferences ?? {}) as Partial<PayPalPlan['payment_preferences']>;
      const now = iso();
      const id = paypalId('P-', 24);
      const plan: PayPalPlan = {
        id,
        product_id: productId,
        name: body.name,
        status: body.status === 'CREATED' || body.status === 'INACTIVE' ? body.status : 'ACTIVE',
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        usage_type: 'LICENSED',
        billing_cycles: [
          {
            frequency: { interval_unit: unit, interval_count: Number(cycle.frequency?.interval_count ?? 1) },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: Number(cycle.total_cycles ?? 0),
            pricing_scheme: {
              version: 1,
              fixed_price: { currency_code: price.currency_code, value: String(price.value) },
              create_time: now,
              update_time: now,
            },
          },
        ],
        payment_preferences: {
          auto_bill_outstanding: prefs.auto_bill_outstanding ?? true,
          setup_fee: prefs.setup_fee ?? { currency_code: price.currency_code, value: '0' },
          setup_fee_failure_action: prefs.setup_fee_failure_action ?? 'CANCEL',
          payment_failure_threshold: Number(prefs.payment_failure_threshold ?? options.paymentFailureThreshold ?? 0),
        },
        quantity_supported: false,
        create_time: now,
        update_time: now,
        links: [store.link(`/v1/billing/plans/${id}`, 'self')],
      };
      plans.set(id, plan);
      return plan;
    },

    plan(id: string): PayPalPlan {
      const plan = plans.get(id);
      if (!plan) throw notFound(`The plan ${id} does not exist.`);
      return plan;
    },

    createSubscription(body: Record<string, unknown>): PayPalSubscription {
      if (typeof body.plan_id !== 'string') throw invalidRequest('/plan_id', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      const plan = plans.get(body.plan_id);
      if (!plan) throw unprocessable('INVALID_PLAN_ID', `The plan ${body.plan_id} does not exist.`);
      if (plan.status !== 'ACTIVE') throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. Plan should be in ACTIVE status.');
      const context = (body.application_context ?? {}) as Record<string, unknown>;
      const urlOf = (name: 'return_url' | 'cancel_url') => {
        const value = context[name];
        if (typeof value !== 'string' || !/^https?:\/\//.test(value))
          throw invalidRequest(`/application_context/${name}`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
        return value;
      };
      const returnUrl = urlOf('return_url');
      const cancelUrl = urlOf('cancel_url');
      if (body.custom_id !== undefined && (typeof body.custom_id !== 'string' || body.custom_id.length > 127))
        throw invalidRequest('/custom_id', 'INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.');
      const id = paypalId('I-', 12);
      const token = paypalId('BA-', 17);
      approvalTokens.set(token, id);
      returnUrls.set(id, { returnUrl, cancelUrl, token });
      const now = iso();
      const subscription: PayPalSubscription = {
        id,
        plan_id: plan.id,
        status: 'APPROVAL_PENDING',
        status_update_time: now,
        start_time: now,
        quantity: '1',
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
        plan_overridden: false,
        create_time: now,
        update_time: now,
        links: [
          store.link(`/webapps/billing/subscriptions?ba_token=${token}`, 'approve'),
          store.link(`/v1/billing/subscriptions/${id}`, 'edit', 'PATCH'),
          store.link(`/v1/billing/subscriptions/${id}`, 'self'),
        ],
      };
      subscriptions.set(id, subscription);
      store.emit('BILLING.SUBSCRIPTION.CREATED', 'subscription', subscription, 'Subscription created');
      return subscription;
    },

    subscription(id: string): PayPalSubscription {
      const subscription = subscriptions.get(id);
      if (!subscription) throw notFound(`The subscription ${id} does not exist.`);
      return subscription;
    },

    /** The subscription an approval page's `ba_token` is for; null for a token the simulator never gave. */
    subscriptionOfToken(token: string): PayPalSubscription | null {
      const id = approvalTokens.get(token);
      return id ? (subscriptions.get(id) ?? null) : null;
    },

    returnUrlsOf(id: string) {
      return returnUrls.get(id)!;
    },

    /** The payer approves on the hosted page: the first cycle is paid at once and the subscription is ACTIVE. */
    approve(id: string): void {
      const subscription = store.subscription(id);
      if (subscription.status !== 'APPROVAL_PENDING')
        throw unprocessable('SUBSCRIPTION_STATUS_INVALID', 'The subscription is not waiting for approval.');
      const plan = store.plan(subscription.plan_id);
      const now = clock.now();
      subscription.subscriber = {
        email_address: SIMULATED_PAYER.email_address,
        payer_id: paypalId('', 13),
        name: { given_name: SIMULATED_PAYER.given_name, surname: SIMULATED_PAYER.surname },
      };
      const price = plan.billing_cycles[0]!.pricing_scheme.fixed_price;
      subscription.billing_info = {
        outstanding_balance: { currency_code: price.currency_code, value: '0.00' },
        cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 0, cycles_remaining: 0, total_cycles: 0 }],
        failed_payments_count: 0,
      };
      subscription.start_time = now.toISOString();
      store.setStatus(subscription, 'ACTIVE');
      store.collectCycle(subscription, now);
      store.emit('BILLING.SUBSCRIPTION.ACTIVATED', 'subscription', subscription, 'Subscription activated');
      store.emitPayment(subscription);
    },

    setStatus(subscription: PayPalSubscription, status: PayPalSubscription['status'], note?: string) {
      subscription.status = status;
      subscription.status_update_time = iso();
      subscription.update_time = iso();
      if (note !== undefined) subscription.status_change_note = note;
      else delete subscription.status_change_note;
    },

    /**
     * Bills the cycle that begins at `at`: paid (a completed transaction, the outstanding balance with it), or, while
     * the payer's funding is told to fail, a failed payment added to the outstanding balance. The next billing time
     * moves on a cycle either way, as PayPal's does.
     */
    collectCycle(subscription: PayPalSubscription, at: Date): boolean {
      const plan = store.plan(subscription.plan_id);
      const cycle = plan.billing_cycles[0]!;
      const info = subscription.billing_info!;
      const currency = cycle.pricing_scheme.fixed_price.currency_code;
      const due =
        centsOf(cycle.pricing_scheme.fixed_price) +
        (plan.payment_preferences.auto_bill_outstanding ? centsOf(info.outstanding_balance) : 0);
      info.next_billing_time = addCycle(at, cycle.frequency.interval_unit, cycle.frequency.interval_count).toISOString();
      info.cycle_executions[0]!.cycles_completed += 1;
      subscription.update_time = iso();
      if (declining.has(subscription.id)) {
        info.failed_payments_count += 1;
        info.outstanding_balance = moneyOf(centsOf(info.outstanding_balance) + centsOf(cycle.pricing_scheme.fixed_price), currency);
        info.last_failed_payment = { amount: moneyOf(due, currency), time: at.toISOString(), reason_code: 'PAYMENT_DENIED' };
        store.record(subscription, due, currency, 'DECLINED', at);
        return false;
      }
      info.outstanding_balance = moneyOf(0, currency);
      info.failed_payments_count = 0;
      delete info.last_failed_payment;
      info.last_payment = { amount: moneyOf(due, currency), time: at.toISOString() };
      store.record(subscription, due, currency, 'COMPLETED', at);
      return true;
    },

    record(subscription: PayPalSubscription, cents: number, currency: string, status: PayPalTransaction['status'], at: Date) {
      const fee = status === 'COMPLETED' ? Math.round(cents * 0.029) + 30 : 0;
      const list = transactions.get(subscription.id) ?? [];
      list.push({
        id: paypalId('', 17),
        status,
        amount_with_breakdown: {
          gross_amount: moneyOf(cents, currency),
          fee_amount: moneyOf(fee, currency),
          net_amount: moneyOf(cents - fee, currency),
        },
        payer_name: { given_name: SIMULATED_PAYER.given_name, surname: SIMULATED_PAYER.surname },
        payer_email: SIMULATED_PAYER.email_address,
        time: at.toISOString(),
      });
      transactions.set(subscription.id, list);
    },

    /** PAYPAL.SALE.COMPLETED for the subscription's last transaction, as PayPal's v1 sale resource. */
    emitPayment(subscription: PayPalSubscription) {
      const last = transactions.get(subscription.id)?.at(-1);
      if (!last) return;
      const amount = last.amount_with_breakdown.gross_amount;
      store.emit(
        'PAYMENT.SALE.COMPLETED',
        'sale',
        {
          id: last.id,
          state: 'completed',
          amount: { total: amount.value, currency: amount.currency_code, details: { subtotal: amount.value } },
          payment_mode: 'INSTANT_TRANSFER',
          billing_agreement_id: subscription.id,
          ...(subscription.custom_id ? { custom: subscription.custom_id } : {}),
          transaction_fee: { value: last.amount_with_breakdown.fee_amount.value, currency: amount.currency_code },
          create_time: last.time,
          update_time: last.time,
          links: [store.link(`/v1/payments/sale/${last.id}`, 'self')],
        },
        `Payment completed for ${amount.value} ${amount.currency_code}`,
      );
    },

    transactionsOf(id: string, start: Date, end: Date): PayPalTransaction[] {
      store.subscription(id);
      return (transactions.get(id) ?? []).filter((transaction) => {
        const at = Date.parse(transaction.time);
        return at >= start.getTime() && at <= end.getTime();
      });
    },

    suspend(id: string, reason: string) {
      const subscription = store.subscription(id);
      if (subscription.status !== 'ACTIVE')
        throw unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for suspend action; subscription status should be active.',
        );
      store.setStatus(subscription, 'SUSPENDED', reason);
      store.emit('BILLING.SUBSCRIPTION.SUSPENDED', 'subscription', subscription, 'Subscription suspended');
    },

    activate(id: string, reason: string | undefined) {
      const subscription = store.subscription(id);
      if (subscription.status !== 'SUSPENDED')
        throw unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for activate action; subscription status should be suspended.',
        );
      store.setStatus(subscription, 'ACTIVE', reason);
      store.emit('BILLING.SUBSCRIPTION.ACTIVATED', 'subscription', subscription, 'Subscription activated');
      // Cycles that came due while it was suspended are billed now, as PayPal resumes billing.
      store.renew(subscription);
    },

    cancel(id: string, reason: string) {
      const subscription = store.subscription(id);
      if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED')
        throw unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for cancel action; subscription status should be active or suspended.',
        );
      store.setStatus(subscription, 'CANCELLED', reason);
      delete subscription.billing_info?.next_billing_time;
      store.emit('BILLING.SUBSCRIPTION.CANCELLED', 'subscription', subscription, 'Subscription cancelled');
    },

    /** Bills every cycle of an ACTIVE subscription whose time has come; suspends it once the failures reach the plan's threshold. */
    renew(subscription: PayPalSubscription) {
      const plan = store.plan(subscription.plan_id);
      while (
        subscription.status === 'ACTIVE' &&
        subscription.billing_info?.next_billing_time &&
        Date.parse(subscription.billing_info.next_billing_time) <= clock.now().getTime()
      ) {
        const paid = store.collectCycle(subscription, new Date(subscription.billing_info.next_billing_time));
        if (paid) {
          store.emitPayment(subscription);
          continue;
        }
        store.emit('BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'subscription', subscription, 'Subscription payment failed');
        const threshold = plan.payment_preferences.payment_failure_threshold;
        if (threshold > 0 && subscription.billing_info.failed_payments_count >= threshold) {
          store.setStatus(subscription, 'SUSPENDED', 'Suspended after failed payments');
          store.emit('BILLING.SUBSCRIPTION.SUSPENDED', 'subscription', subscription, 'Subscription suspended');
        }
      }
    },

    renewDue() {
      for (const subscription of subscriptions.values()) store.renew(subscription);
    },

    /** The payer's funding fails (true) or pays (false) from now on. */
    setPaymentFailures(id: string, fail: boolean) {
      store.subscription(id);
      if (fail) declining.add(id);
      else declining.delete(id);
    },

    /** The payer pays what is outstanding (a failed run ends): the payment is recorded, PAYMENT.SALE.COMPLETED sent. */
    payOutstanding(id: string) {
      const subscription = store.subscription(id);
      declining.delete(id);
      const info = subscription.billing_info;
      const cents = info ? centsOf(info.outstanding_balance) : 0;
      if (!info || cents === 0) return;
      const at = clock.now();
      info.outstanding_balance = moneyOf(0, info.outstanding_balance.currency_code);
      info.failed_payments_count = 0;
      delete info.last_failed_payment;
      info.last_payment = { amount: moneyOf(cents, info.outstanding_balance.currency_code), time: at.toISOString() };
      store.record(subscription, cents, info.outstanding_balance.currency_code, 'COMPLETED', at);
      if (subscription.status === 'SUSPENDED' && subscription.status_change_note === 'Suspended after failed payments')
        store.setStatus(subscription, 'ACTIVE');
      subscription.update_time = iso();
      store.emitPayment(subscription);
      store.emit('BILLING.SUBSCRIPTION.UPDATED', 'subscription', subscription, 'Subscription updated');
    },

    event(id: string): PayPalEvent {
      const event = events.find((known) => known.id === id);
      if (!event) throw notFound(`The event ${id} does not exist.`);
      return event;
    },

    newTransmissionId: () => randomUUID(),
  };
  return store;
}
