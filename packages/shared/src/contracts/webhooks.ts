import { z } from 'zod';
import { FAX_EVENT_TYPES } from '../events';
import { singleLineText } from '../text';

/**
 * Webhook endpoints, managed by an account's owner and sub-admins with a session under /api/webhooks
 * (and with an API key holding `webhooks:manage` under /v1/webhooks). Messages are signed with Standard Webhooks:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature`.
 */
export const WEBHOOK_SIGNINGS = ['hmac-sha256', 'ed25519'] as const;
/**
 * What an endpoint's messages are: `standard` (the fax as the API shows it, signed with Standard Webhooks) or a chat
 * notice in the message format of a chat app's incoming webhook (Slack's Block Kit, Teams' Adaptive Card), not signed
 * (those apps check nothing) and with a link to the fax instead of its details (decision 129).
 */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams'] as const;
export type TWebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const CHAT_APPS = ['slack', 'teams'] as const satisfies readonly TWebhookFormat[];
export type TChatApp = (typeof CHAT_APPS)[number];
export type TWebhookSigning = (typeof WEBHOOK_SIGNINGS)[number];
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2_000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;
/** The gaps before each try after the first (about a day in all), in seconds. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600] as const;
/** An endpoint whose deliveries have all failed this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 24 * 3600;
/** How long a rotated secret keeps signing beside the new one, so receivers can switch without losing messages. */
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 3600;
/** How many of an endpoint's messages its delivery log shows: the latest. */
export const WEBHOOK_LOG_LENGTH = 50;
/** How long a receiver has to answer a try (connect, headers and body); longer is a failed try. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** The event a "Send test event" sends; never a fax's. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(FAX_EVENT_TYPES)),
  enabled: z.boolean(),
  format: z.enum(WEBHOOK_FORMATS),
  /** How a standard endpoint's messages are signed; a chat notice's are not (its value is the unused default). */
  signing: z.enum(WEBHOOK_SIGNINGS),
  /** Ed25519 endpoints: the public key (whpk_…) receivers verify with. */
  publicKey: z.string().nullable(),
  /** Why it was disabled by Faxline (five days of failures); null when it is enabled or was disabled by a person. */
  disabledReason: z.string().nullable(),
  failingSince: z.iso.datetime({ offset: true }).nullable(),
  previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointsResponse = z.object({ endpoints: z.array(ZWebhookEndpoint), max: z.number().int() });
export type TWebhookEndpointsResponse = z.infer<typeof ZWebhookEndpointsResponse>;

const ZWebhookUrl = z
  .string()
  .trim()
  .check(singleLineText)
  .min(1, { error: 'errors.webhookUrlRequired' })
  .max(MAX_WEBHOOK_URL_LENGTH, { error: 'errors.webhookUrlInvalid' })
  .pipe(z.url({ protocol: /^https?$/, error: 'errors.webhookUrlInvalid' }));
const ZWebhookEvents = z
  .array(z.enum(FAX_EVENT_TYPES, { error: 'errors.webhookEventUnknown' }))
  .min(1, { error: 'errors.webhookEventsRequired' })
  .max(FAX_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);
const ZWebhookDescription = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH, { error: 'errors.webhookDescriptionTooLong' })
  .check(singleLineText);

export const ZCreateWebhookEndpointRequest = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: ZWebhookDescription.default(''),
  enabled: z.boolean().default(true),
  signing: z.enum(WEBHOOK_SIGNINGS).default('hmac-sha256'),
});
export type TCreateWebhookEndpointRequest = z.input<typeof ZCreateWebhookEndpointRequest>;

/** A chat notice: a Slack or Microsoft Teams incoming webhook's URL and the events it is told of. */
export const ZCreateChatNoticeRequest = z.object({
  app: z.enum(CHAT_APPS, { error: 'errors.chatNoticeAppUnknown' }),
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: ZWebhookDescription.default(''),
  enabled: z.boolean().default(true),
});
export type TCreateChatNoticeRequest = z.input<typeof ZCreateChatNoticeRequest>;

export const ZUpdateWebhookEndpointRequest = z.object({
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  description: ZWebhookDescription.optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhookEndpointRequest = z.input<typeof ZUpdateWebhookEndpointRequest>;

/** A new endpoint or a rotated secret: the secret (whsec_… or, for Ed25519, the public key whpk_…) shown once. */
export const ZWebhookSecretResponse = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookSecretResponse = z.infer<typeof ZWebhookSecretResponse>;

export const ZWebhookEndpointParams = z.object({ id: z.uuid({ error: 'errors.webhookNotFound' }) });
export const ZWebhookMessageParams = z.object({
  id: z.uuid({ error: 'errors.webhookNotFound' }),
  messageId: z.uuid({ error: 'errors.webhookMessageNotFound' }),
});

export const ZWebhookAttempt = z.object({
  number: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** One message to the endpoint and its tries: the delivery log. */
export const ZWebhookMessage = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  nextTryAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookMessage = z.infer<typeof ZWebhookMessage>;

export const ZWebhookMessagesResponse = z.object({ messages: z.array(ZWebhookMessage) });
export type TWebhookMessagesResponse = z.infer<typeof ZWebhookMessagesResponse>;
