import { z } from 'zod';

/**
 * The public API's error types (spec 000 §7-8: `{"error":{"type","message"}}`, 'authentication_error'). Each internal
 * error type (contracts/error.ts) answers as one of these on /v1 (apps/server/src/public-api/errors.ts).
 */
export const V1_ERROR_TYPES = [
  'invalid_request_error', // 400 (also 413, 415): bad parameters, malformed JSON, a file refused; 409 for a fax in the wrong state
  'authentication_error', // 401: missing, unknown or revoked key
  'permission_error', // 403: the key lacks the scope, or its creator the right
  'not_found_error', // 404: no such object in this account (never 403: ids do not leak)
  'idempotency_error', // 409 (still in flight), 422 (the key was used with another request)
  'rate_limit_error', // 429
  'api_error', // 5xx: our fault; the answer carries a request id
] as const;
export type TV1ErrorType = (typeof V1_ERROR_TYPES)[number];

export const ZV1Error = z
  .object({
    error: z.object({
      type: z.enum(V1_ERROR_TYPES),
      /** In the language of Accept-Language (en, es, fr). */
      message: z.string(),
      /** The exact case, stable across languages and releases (e.g. `errors.invalidRecipient`). */
      code: z.string(),
      /** The section of the documentation that explains `code` (/api-documentation#<code>). */
      doc_url: z.string().meta({ format: 'uri' }),
      /** The request field at fault, as a dotted path (`recipients.2`, `cover_page.subject`). */
      param: z.string().optional(),
      /** Present on 5xx answers, so support can find the request in the logs. */
      request_id: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type TV1Error = z.infer<typeof ZV1Error>;
