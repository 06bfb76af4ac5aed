/** PayPal's objects as its REST API writes them (snake_case JSON), for the calls Faxline makes. */

export type PayPalMoney = { currency_code: string; value: string };
export type PayPalLink = { href: string; rel: string; method: 'GET' | 'POST' | 'PATCH' };

export type PayPalProduct = {
  id: string;
  name: string;
  description?: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  create_time: string;
  update_time: string;
  links: PayPalLink[];
};

export type PayPalIntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export type PayPalPlan = {
  id: string;
  product_id: string;
  name: string;
  status: 'CREATED' | 'INACTIVE' | 'ACTIVE';
  description?: string;
  usage_type: 'LICENSED';
  billing_cycles: {
    frequency: { interval_unit: PayPalIntervalUnit; interval_count: number };
    tenure_type: 'REGULAR';
    sequence: number;
    total_cycles: number;
    pricing_scheme: { version: number; fixed_price: PayPalMoney; create_time: string; update_time: string };
  }[];
  payment_preferences: {
    auto_bill_outstanding: boolean;
    setup_fee: PayPalMoney;
    setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
    payment_failure_threshold: number;
  };
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
  links: PayPalLink[];
};

export type PayPalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export type PayPalSubscription = {
  id: string;
  plan_id: string;
  status: PayPalSubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  start_time: string;
  quantity: string;
  custom_id?: string;
  plan_overridden: boolean;
  subscriber?: { email_address: string; payer_id: string; name: { given_name: string; surname: string } };
  billing_info?: {
    outstanding_balance: PayPalMoney;
    cycle_executions: {
      tenure_type: 'REGULAR';
      sequence: number;
      cycles_completed: number;
      cycles_remaining: number;
      total_cycles: number;
    }[];
    last_payment?: { amount: PayPalMoney; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
    last_failed_payment?: { amount: PayPalMoney; time: string; reason_code: 'PAYMENT_DENIED' };
  };
  create_time: string;
  update_time: string;
  links: PayPalLink[];
};

export type PayPalTransaction = {
  id: string;
  status: 'COMPLETED' | 'DECLINED';
  amount_with_breakdown: { gross_amount: PayPalMoney; fee_amount: PayPalMoney; net_amount: PayPalMoney };
  payer_name: { given_name: string; surname: string };
  payer_email: string;
  time: string;
};

/** A webhook event as PayPal posts it (`resource` is the subscription, or the sale of a payment). */
export type PayPalEvent = {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'subscription' | 'sale';
  resource_version: '2.0' | '1.0';
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: PayPalLink[];
};

/** PayPal's error body: `name` the kind, `details` what exactly, `debug_id` for PayPal's support. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly details: { field?: string; location?: string; issue: string; description: string }[] = [],
  ) {
    super(message);
  }
}

export const invalidRequest = (field: string, issue: string, description: string) =>
  new PayPalApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field, location: 'body', issue, description },
  ]);

export const notFound = (description = 'Requested resource ID was not found.') =>
  new PayPalApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID', description }]);

export const unprocessable = (issue: string, description: string) =>
  new PayPalApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );
