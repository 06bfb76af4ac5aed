import { apiErrorDocPath, type TErrorType, type TApiError } from '@faxline/shared';
import type { TV1Error, TV1ErrorType } from '@faxline/shared/api-v1';

/** Each error type of the application as the public API names it (spec 000 §8; @faxline/shared/api-v1 errors.ts). */
const V1_TYPE_OF: Record<TErrorType, TV1ErrorType> = {
  invalid_request: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  conflict: 'invalid_request_error',
  unprocessable: 'invalid_request_error',
  authentication_error: 'authentication_error',
  step_up_required: 'authentication_error',
  two_factor_challenge_expired: 'authentication_error',
  email_not_confirmed: 'permission_error',
  two_factor_setup_required: 'permission_error',
  password_change_required: 'permission_error',
  permission_denied: 'permission_error',
  not_found: 'not_found_error',
  gone: 'not_found_error',
  rate_limited: 'rate_limit_error',
  internal_error: 'api_error',
  unavailable: 'api_error',
};

/** Where a validation issue sits, without the part of the request it came from ("body.recipients.2" -> "recipients.2"). */
const paramOf = (path: string) => path.replace(/^(body|querystring|params|headers)\.?/, '') || undefined;

/**
 * The application's error body (platform/http/error-handler.ts, the one place errors become answers) in the public
 * API's shape: `{error: {type, message, code, doc_url, param?, request_id?}}`, the field at fault named in `param`, and
 * `doc_url` the documentation of the code on this server (`publicUrl`).
 */
export function toV1Error({ error }: TApiError, publicUrl: string): TV1Error {
  const type: TV1ErrorType = error.code.startsWith('errors.idempotencyKey')
    ? 'idempotency_error'
    : (V1_TYPE_OF[error.type as TErrorType] ?? 'api_error');
  const issue = error.issues?.[0];
  const param = issue ? paramOf(issue.path) : undefined;
  return {
    error: {
      type,
      message: issue && param ? `${param}: ${issue.message}` : error.message,
      code: error.code,
      doc_url: `${publicUrl}${apiErrorDocPath(error.code)}`,
      ...(param ? { param } : {}),
      ...(error.requestId ? { request_id: error.requestId } : {}),
    },
  };
}
