import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from 'zod';
import type { TApiKeyScope } from '../contracts/api-keys';
import { ZV1Error } from './errors';

/** The pieces every operation of the OpenAPI document of /v1 (openapi.ts) is made of: its headers, answers and errors. */

export const rateLimitHeaders = z.object({
  'X-RateLimit-Limit': z.number().int().meta({ description: 'Requests this key may make per minute (100 by default; per plan).' }),
  'X-RateLimit-Remaining': z.number().int().meta({ description: 'Requests left in the current minute.' }),
  'X-RateLimit-Reset': z.number().int().meta({ description: 'When the current minute ends, as a Unix timestamp (seconds).' }),
});

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export const errorAnswer = (description: string) => ({ description, headers: rateLimitHeaders, content: json(ZV1Error) });

/** The answers every call may give besides its own. */
const commonErrors = {
  '400': errorAnswer('Bad parameters or malformed JSON (`invalid_request_error`); `param` names the field.'),
  '401': errorAnswer("A missing, unknown or revoked key (`authentication_error`, 'Invalid API key provided.')."),
  '403': errorAnswer('The key lacks the scope this call needs (`permission_error`).'),
  '429': {
    description: 'Over the key’s requests per minute (`rate_limit_error`).',
    headers: rateLimitHeaders.extend({ 'Retry-After': z.number().int().meta({ description: 'Seconds to wait.' }) }),
    content: json(ZV1Error),
  },
  '500': errorAnswer('Our fault (`api_error`); the error carries a request id.'),
  '503': errorAnswer('Faxline is closed for maintenance (`api_error`): nothing was done; try again a little later.'),
} satisfies ZodOpenApiResponsesObject;

export const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({
    description:
      'Any unique text (a UUID): the same key and body within 24 hours replays the first answer (header `Idempotent-Replayed: true`); the same key with another body answers 422; while the first is still running, 409.',
  }),
});

export const idempotencyErrors = {
  '409': errorAnswer(
    'A request with this Idempotency-Key is still running (`idempotency_error`), or the fax is no longer in a state that allows this (`invalid_request_error`).',
  ),
  '422': errorAnswer('This Idempotency-Key was used with another request (`idempotency_error`).'),
} satisfies ZodOpenApiResponsesObject;

/** The answers of a call whose body the server reads, which a POST, a PATCH and a DELETE each are, a body or not. */
const bodyErrors = {
  '413': errorAnswer('A body over the size limit (`invalid_request_error`).'),
  '415': errorAnswer('A body in a media type this call does not take (`invalid_request_error`).'),
} satisfies ZodOpenApiResponsesObject;

/** The paths with `bodyErrors` on every operation that reads a body (found by Prism over the test run, decision 136). */
export function withBodyErrors(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const readsBody = new Set(['post', 'patch', 'put', 'delete']);
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) =>
          readsBody.has(method) ? [method, { ...value, responses: { ...bodyErrors, ...value.responses } }] : [method, value],
        ),
      ),
    ]),
  );
}

export const notFound = { '404': errorAnswer('No such object in this account (`not_found_error`).') } satisfies ZodOpenApiResponsesObject;

export function operation(
  scope: TApiKeyScope,
  spec: Omit<ZodOpenApiOperationObject, 'security' | 'responses'> & { responses: ZodOpenApiResponsesObject },
): ZodOpenApiOperationObject {
  return {
    ...spec,
    description: `${spec.description ?? ''}\n\nScope: \`${scope}\`.`.trim(),
    // An API key, or an app's OAuth access token for /v1 given this scope (decision 135).
    security: [{ apiKey: [] }, { oauth2: [scope] }],
    responses: { ...spec.responses, ...commonErrors },
  };
}

export const ok = (description: string, schema: z.ZodType) => ({ description, headers: rateLimitHeaders, content: json(schema) });

/** An operation anyone may call without a key (GET /status): counted against the caller's address, never refused for a key. */
export function publicOperation(
  spec: Omit<ZodOpenApiOperationObject, 'security' | 'responses'> & { responses: ZodOpenApiResponsesObject },
): ZodOpenApiOperationObject {
  const { '429': tooMany, '500': ourFault } = commonErrors;
  return {
    ...spec,
    description: `${spec.description ?? ''}\n\nNo key needed.`.trim(),
    security: [],
    responses: { ...spec.responses, '429': tooMany, '500': ourFault },
  };
}
