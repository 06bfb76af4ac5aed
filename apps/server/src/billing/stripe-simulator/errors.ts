/** Stripe's error body: `{ error: { type, message, code?, param?, decline_code? } }` with a 4xx status. */
export type StripeErrorBody = {
  error: { type: string; message: string; code?: string; param?: string; decline_code?: string };
};

type ErrorFields = { status: number; type?: string; code?: string; param?: string; declineCode?: string };

/** Thrown by a handler; the server turns it into Stripe's error body and status. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly declineCode: string | undefined;

  constructor(message: string, fields: ErrorFields) {
    super(message);
    this.status = fields.status;
    this.type = fields.type ?? 'invalid_request_error';
    this.code = fields.code;
    this.param = fields.param;
    this.declineCode = fields.declineCode;
  }

  toBody(): StripeErrorBody {
    const error: StripeErrorBody['error'] = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.declineCode) error.decline_code = this.declineCode;
    return { error };
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(`Missing required param: ${param}.`, { status: 400, code: 'parameter_missing', param });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(message, { status: 400, code: 'parameter_invalid', param });
}

/** `kind` is Stripe's word in the message: "No such customer: 'cus_x'". */
export function noSuchObject(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(`No such ${kind}: '${id}'`, { status: 404, code: 'resource_missing', param });
}

/** The answer Stripe gives when a charge on test card 4000 0000 0000 0341 (or a card made to decline) fails. */
export function cardDeclined(): StripeApiError {
  return new StripeApiError('Your card was declined.', {
    status: 402,
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'generic_decline',
  });
}
