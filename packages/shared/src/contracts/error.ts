import { z } from 'zod';

/**
 * Every error type the API can answer with. The server maps each to an HTTP status in one place
 * (apps/server/src/platform/http/app-error.ts); clients branch on `type` (or `code` for the exact case), people read
 * `message`.
 */
export const ERROR_TYPES = [
  'invalid_request', // 400: bad parameters or malformed JSON
  'authentication_error', // 401: not signed in, or wrong credentials
  'step_up_required', // 401: a platform admin must re-enter their password for the back office
  'email_not_confirmed', // 403: sign-in refused until the address is confirmed
  'two_factor_setup_required', // 403: the person must set up two-factor sign-in before anything else
  'password_change_required', // 403: the person must choose a password their account's policy allows first
  'two_factor_challenge_expired', // 401: the second sign-in step is gone (expired, too many codes): password again
  'permission_denied', // 403
  'not_found', // 404
  'conflict', // 409
  'gone', // 410: what was asked for existed and was deleted for good (a fax's content under its retention policy)
  'unprocessable', // 422: well-formed, but cannot be done as asked (an Idempotency-Key reused with another request)
  'payload_too_large', // 413
  'rate_limited', // 429
  'internal_error', // 500
  'unavailable', // 503
] as const;
export const ZErrorType = z.enum(ERROR_TYPES);
export type TErrorType = z.infer<typeof ZErrorType>;

export const ZApiError = z.object({
  error: z.object({
    type: z.string(),
    /** The exact case, stable across languages and releases: the message's key in the catalogue (`errors.faxNotFound`). */
    code: z.string(),
    message: z.string(),
    /** Present on 5xx answers, so support can find the request in the logs. */
    requestId: z.string().optional(),
    /** Field-level problems of a request that failed validation. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Where to choose a plan that includes what was refused (decision 087): the web app's billing page. */
    upgradeUrl: z.string().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
