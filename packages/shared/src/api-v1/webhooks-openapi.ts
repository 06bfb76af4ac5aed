import type { ZodOpenApiObject, ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_LOG_LENGTH,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '../contracts/webhooks';
import { WEBHOOK_DISABLE_AFTER_DAYS } from './webhook-periods';
import { errorAnswer, idempotencyErrors, idempotencyHeader, json, notFound, ok, operation } from './openapi-parts';
import * as schemas from './webhooks';
import { FAX_EVENT_TYPES, type TFaxEventType } from '../events';

const accepted = (description: string) => ({ '202': ok(description, schemas.ZV1WebhookMessage) });
/** After idempotencyErrors, whose 409 it takes over: both cases named. */
const disabled = {
  '409': errorAnswer(
    'The endpoint is disabled: enable it first (`invalid_request_error`); or a request with this Idempotency-Key is still running (`idempotency_error`).',
  ),
};
const tries = `${WEBHOOK_RETRY_DELAYS_SECONDS.length + 1} tries in all`;

/** /v1/webhooks in the OpenAPI document (openapi.ts): the webhooks:manage operations. */
export const webhookPaths: ZodOpenApiPathsObject = {
  '/webhooks': {
    get: operation('webhooks:manage', {
      operationId: 'listWebhookEndpoints',
      tags: ['Webhooks'],
      summary: 'List webhook endpoints',
      description: `In the order they were added; ${MAX_WEBHOOK_ENDPOINTS} at most per account.`,
      responses: { '200': ok('The endpoints.', schemas.ZV1WebhookEndpointList) },
    }),
    post: operation('webhooks:manage', {
      operationId: 'createWebhookEndpoint',
      tags: ['Webhooks'],
      summary: 'Add a webhook endpoint',
      description:
        'Every fax event of the chosen types is POSTed to the URL as `{"type","timestamp","data"}`, `data` being the fax as GET /faxes/{fax_id} returns it. The answer shows the secret (`whsec_…`) or, for `ed25519`, the public key (`whpk_…`) once. A try fails on anything but a 2xx within ' +
        `${WEBHOOK_TIMEOUT_SECONDS} seconds (redirects are not followed); failed messages are tried again ` +
        `(${tries}, over about a day), and an endpoint failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days is disabled and its owner e-mailed.`,
      requestParams: { header: idempotencyHeader },
      requestBody: { required: true, content: json(schemas.ZV1WebhookEndpointInput) },
      responses: { '201': ok('The endpoint, with its secret.', schemas.ZV1WebhookEndpointWithSecret), ...idempotencyErrors },
    }),
  },
  '/webhooks/{webhook_id}': {
    get: operation('webhooks:manage', {
      operationId: 'getWebhookEndpoint',
      tags: ['Webhooks'],
      summary: 'Get a webhook endpoint',
      requestParams: { path: schemas.ZV1WebhookParams },
      responses: { '200': ok('The endpoint.', schemas.ZV1WebhookEndpoint), ...notFound },
    }),
    patch: operation('webhooks:manage', {
      operationId: 'updateWebhookEndpoint',
      tags: ['Webhooks'],
      summary: 'Change a webhook endpoint',
      description: 'Only the fields sent change. Enabling an endpoint that Faxline disabled starts it afresh.',
      requestParams: { path: schemas.ZV1WebhookParams },
      requestBody: { required: true, content: json(schemas.ZV1WebhookEndpointUpdate) },
      responses: { '200': ok('The endpoint.', schemas.ZV1WebhookEndpoint), ...notFound },
    }),
    delete: operation('webhooks:manage', {
      operationId: 'deleteWebhookEndpoint',
      tags: ['Webhooks'],
      summary: 'Delete a webhook endpoint',
      description: 'With its delivery log; nothing more is sent to it.',
      requestParams: { path: schemas.ZV1WebhookParams },
      responses: { '200': ok('Deleted.', z.object({ id: z.string(), deleted: z.literal(true) })), ...notFound },
    }),
  },
  '/webhooks/{webhook_id}/rotate-secret': {
    post: operation('webhooks:manage', {
      operationId: 'rotateWebhookSecret',
      tags: ['Webhooks'],
      summary: 'Rotate a webhook endpoint’s secret',
      description: `A new secret (or key pair), shown once. For ${WEBHOOK_SECRET_OVERLAP_SECONDS / 3600} hours messages carry a signature by each, space-separated in \`webhook-signature\`.`,
      requestParams: { path: schemas.ZV1WebhookParams, header: idempotencyHeader },
      responses: {
        '200': ok('The endpoint, with its new secret.', schemas.ZV1WebhookEndpointWithSecret),
        ...notFound,
        ...idempotencyErrors,
      },
    }),
  },
  '/webhooks/{webhook_id}/test': {
    post: operation('webhooks:manage', {
      operationId: 'sendWebhookTestEvent',
      tags: ['Webhooks'],
      summary: 'Send a test event',
      description: 'A `webhook.test` message, sent at once.',
      requestParams: { path: schemas.ZV1WebhookParams, header: idempotencyHeader },
      responses: { ...accepted('The message, queued.'), ...notFound, ...idempotencyErrors, ...disabled },
    }),
  },
  '/webhooks/{webhook_id}/messages': {
    get: operation('webhooks:manage', {
      operationId: 'listWebhookMessages',
      tags: ['Webhooks'],
      summary: 'List an endpoint’s messages',
      description: `The delivery log: the latest ${WEBHOOK_LOG_LENGTH} messages, newest first, each with its tries (status code, time, body excerpt).`,
      requestParams: { path: schemas.ZV1WebhookParams },
      responses: { '200': ok('The messages.', schemas.ZV1WebhookMessageList), ...notFound },
    }),
  },
  '/webhooks/{webhook_id}/messages/{message_id}/retry': {
    post: operation('webhooks:manage', {
      operationId: 'retryWebhookMessage',
      tags: ['Webhooks'],
      summary: 'Send a message again',
      description: 'A new try now, whatever the message’s status; the same `webhook-id`, so receivers can dedupe.',
      requestParams: { path: schemas.ZV1WebhookMessageParams, header: idempotencyHeader },
      responses: { ...accepted('The message, with its new try queued.'), ...notFound, ...idempotencyErrors, ...disabled },
    }),
  },
};

/** What each fax event means, as the document's `webhooks` section says it. */
const EVENT_MEANINGS: Record<TFaxEventType, string> = {
  'fax.queued': 'A fax was accepted, to be sent now or at its `send_time`.',
  'fax.sending': 'A call to send the fax began.',
  'fax.delivered': 'Every page reached the receiving machine, which confirmed them.',
  'fax.partially_delivered': 'Some pages reached the receiving machine; `failure_reason` says why the rest did not.',
  'fax.failed': 'The fax will not be sent (any more): `failure_reason`, `failure_class` and `retryable` say why.',
  'fax.canceled': 'The fax was canceled before it was sent.',
  'fax.received': 'A fax arrived on one of the account’s numbers and was filed.',
  'fax.classified': 'A received fax was read and classified (`document_class`, `fields`).',
};

/** The signature headers of every message (Standard Webhooks). */
const signatureHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The message’s id: the same on every try, so receivers can dedupe.' }),
  'webhook-timestamp': z.string().meta({ description: 'When this try was signed, in Unix seconds.' }),
  'webhook-signature': z.string().meta({
    description: 'Space-separated signatures: `v1,<base64>` (HMAC-SHA256) or `v1a,<base64>` (Ed25519); two for a day after a rotation.',
  }),
});

const delivered = {
  '2XX': { description: 'Received: any 2xx answer within the time limit ends the message.' },
  default: { description: 'Anything else (or no answer in time) is a failed try; the message is tried again.' },
};

const webhookOperation = (
  operationId: string,
  summary: string,
  description: string,
  schema: z.ZodType,
): { post: ZodOpenApiOperationObject } => ({
  post: {
    operationId,
    tags: ['Webhooks'],
    summary,
    description,
    // Faxline calls the receiver: no API key; the receiver checks the signature headers instead.
    security: [],
    requestParams: { header: signatureHeaders },
    requestBody: { required: true, content: json(schema) },
    responses: delivered,
  },
});

/**
 * The messages Faxline POSTs to an endpoint (the OpenAPI 3.1 `webhooks` section): one per fax event type, its body the
 * fax as GET /faxes/{fax_id} returns it, and the test message.
 */
export const webhookEvents: NonNullable<ZodOpenApiObject['webhooks']> = {
  ...Object.fromEntries(
    FAX_EVENT_TYPES.map((type) => [
      type,
      webhookOperation(`${type.replace('.', '_')}_event`, type, EVENT_MEANINGS[type], schemas.ZV1FaxEventPayload),
    ]),
  ),
  [WEBHOOK_TEST_EVENT]: webhookOperation(
    'webhook_test_event',
    WEBHOOK_TEST_EVENT,
    'The message of POST /webhooks/{webhook_id}/test.',
    schemas.ZV1TestEventPayload,
  ),
};
