import { z } from 'zod';
import {
  WEBHOOK_SIGNINGS,
  WEBHOOK_TEST_EVENT,
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  ZWebhookAttempt,
  ZWebhookMessage,
} from '../contracts/webhooks';
import { FAX_EVENT_TYPES } from '../events';
import { ZV1FaxDetails } from './faxes';
import { WEBHOOK_DISABLE_AFTER_DAYS } from './webhook-periods';

/**
 * The public API's webhook endpoints: the portal's contract (contracts/webhooks.ts) in snake_case.
 * GET/POST /v1/webhooks, GET/PATCH/DELETE /v1/webhooks/{webhook_id}, POST …/rotate-secret, POST …/test,
 * GET …/messages, POST …/messages/{message_id}/retry. Requests are the portal's (their fields are single words).
 */
const ZTime = z.iso.datetime({ offset: true });

export const ZV1WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'Where messages are POSTed (https; never a private, loopback or link-local address).' }),
    description: z.string(),
    events: z.array(z.enum(FAX_EVENT_TYPES)),
    enabled: z.boolean(),
    signing: z.enum(WEBHOOK_SIGNINGS).meta({
      description:
        '`hmac-sha256`: `v1` signatures with the endpoint’s `whsec_` secret. `ed25519`: `v1a` signatures, verified with `public_key`.',
    }),
    public_key: z.string().nullable().meta({ description: 'Ed25519 endpoints: the public key (`whpk_…`) to verify with.' }),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: `Why Faxline disabled it (every delivery failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days).` }),
    failing_since: ZTime.nullable(),
    previous_secret_expires_at: ZTime.nullable().meta({
      description: 'After a rotation, until when messages carry a signature by the previous secret too.',
    }),
    created_at: ZTime,
  })
  .meta({ id: 'WebhookEndpoint' });
export type TV1WebhookEndpoint = z.infer<typeof ZV1WebhookEndpoint>;

export const ZV1WebhookEndpointList = z.object({ data: z.array(ZV1WebhookEndpoint) }).meta({ id: 'WebhookEndpointList' });

export const ZV1WebhookEndpointWithSecret = ZV1WebhookEndpoint.extend({
  secret: z.string().meta({
    description: 'Shown in this answer only: the signing secret (`whsec_…`), or for Ed25519 the public key (`whpk_…`).',
  }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const ZV1WebhookEndpointInput = ZCreateWebhookEndpointRequest.meta({ id: 'WebhookEndpointInput' });
export const ZV1WebhookEndpointUpdate = ZUpdateWebhookEndpointRequest.meta({ id: 'WebhookEndpointUpdate' });

export const ZV1WebhookAttempt = z
  .object({
    number: ZWebhookAttempt.shape.number,
    started_at: ZTime,
    ended_at: ZTime.nullable(),
    response_status: z.number().int().nullable(),
    response_excerpt: z.string().nullable().meta({ description: 'The first 500 characters of the answer’s body.' }),
    error: z.string().nullable().meta({ description: 'Why the try failed without an answer (timeout, refused address…).' }),
    duration_ms: z.number().int().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const ZV1WebhookMessage = z
  .object({
    id: z.string().meta({ description: 'Also the `webhook-id` header of every try: receivers dedupe on it.' }),
    type: z.string().meta({ example: 'fax.delivered' }),
    status: ZWebhookMessage.shape.status,
    next_try_at: ZTime.nullable(),
    created_at: ZTime,
    attempts: z.array(ZV1WebhookAttempt),
  })
  .meta({ id: 'WebhookMessage' });
export type TV1WebhookMessage = z.infer<typeof ZV1WebhookMessage>;

export const ZV1WebhookMessageList = z.object({ data: z.array(ZV1WebhookMessage) }).meta({ id: 'WebhookMessageList' });

export const ZV1WebhookParams = z.object({ webhook_id: z.uuid({ error: 'errors.webhookNotFound' }) });
export const ZV1WebhookMessageParams = z.object({
  webhook_id: z.uuid({ error: 'errors.webhookNotFound' }),
  message_id: z.uuid({ error: 'errors.webhookMessageNotFound' }),
});

/**
 * The body of a fax event's message (apps/server/src/webhooks/payload.ts makes it): the event's type and time, and the
 * fax as GET /v1/faxes/{fax_id} returns it when the message is made.
 */
export const ZV1FaxEventPayload = z
  .object({
    type: z.enum(FAX_EVENT_TYPES),
    timestamp: ZTime.meta({ description: 'When the event happened.' }),
    data: ZV1FaxDetails,
  })
  .meta({ id: 'FaxEventPayload' });
export type TV1FaxEventPayload = z.infer<typeof ZV1FaxEventPayload>;

/** The body of a test message (POST /v1/webhooks/{webhook_id}/test): small, and plainly not about a fax. */
export const ZV1TestEventPayload = z
  .object({
    type: z.literal(WEBHOOK_TEST_EVENT),
    timestamp: ZTime,
    data: z.object({ endpoint_id: z.string(), message: z.string() }),
  })
  .meta({ id: 'TestEventPayload' });
export type TV1TestEventPayload = z.infer<typeof ZV1TestEventPayload>;
