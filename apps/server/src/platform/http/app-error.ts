import type { TErrorType } from '@faxline/shared';
import type { MessageKey } from '../i18n/i18n';

/** HTTP status of each public error type: the one place where this mapping lives. */
export const STATUS_OF_ERROR_TYPE: Record<TErrorType, number> = {
  invalid_request: 400,
  authentication_error: 401,
  step_up_required: 401,
  email_not_confirmed: 403,
  two_factor_setup_required: 403,
  password_change_required: 403,
  two_factor_challenge_expired: 401,
  permission_denied: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
};

/**
 * The error a service throws when a request cannot be served. `messageKey` is translated into the caller's language
 * by the error handler; `params` fill its placeholders. `field`, the request's field at fault (`body.values.siteName`),
 * is said in the answer's issues as a schema's refusal is, so that a form can put the message beside it.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly type: TErrorType,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(`${type}: ${messageKey}`);
  }

  get status(): number {
    return STATUS_OF_ERROR_TYPE[this.type];
  }
}
