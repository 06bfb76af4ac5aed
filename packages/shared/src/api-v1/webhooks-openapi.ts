import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_LOG_LENGTH,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '../contracts/webhooks';
import { WEBHOOK_DISABLE_AFTER_DAYS } from './webhook-periods';
import { errorAnswer, json, notFound, ok, operation } from './openapi-parts';
import * as schemas from './webhooks';

const accepted = (description: string) => ({ '202': ok(description, schemas.ZV1WebhookMessage) });
const disabled = { '409': errorAnswer('The endpoint is disabled: enable it first (`invalid_request_error`).') };
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
      requestBody: { required: true, content: json(schemas.ZV1WebhookEndpointInput) },
      responses: { '201': ok('The endpoint, with its secret.', schemas.ZV1WebhookEndpointWithSecret) },
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
      requestParams: { path: schemas.ZV1WebhookParams },
      responses: { '200': ok('The endpoint, with its new secret.', schemas.ZV1WebhookEndpointWithSecret), ...notFound },
    }),
  },
  '/webhooks/{webhook_id}/test': {
    post: operation('webhooks:manage', {
      operationId: 'sendWebhookTestEvent',
      tags: ['Webhooks'],
      summary: 'Send a test event',
      description: 'A `webhook.test` message, sent at once.',
      requestParams: { path: schemas.ZV1WebhookParams },
      responses: { ...accepted('The message, queued.'), ...notFound, ...disabled },
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
      requestParams: { path: schemas.ZV1WebhookMessageParams },
      responses: { ...accepted('The message, with its new try queued.'), ...notFound, ...disabled },
    }),
  },
};
