import type { TFaxEventType, TWebhookFormat } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { faxEvents } from '../events/schema';

/**
 * An account's webhook endpoints, signed with Standard Webhooks: a symmetric `whsec_` secret (HMAC-
 * SHA256), or an Ed25519 key pair whose private half only Faxline holds. Secrets are stored sealed with the installation
 * secret, as the back office's settings are; a rotated secret keeps signing beside the new one until
 * `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<TFaxEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'standard' (signed, the fax as the API shows it), or a chat notice: 'slack', 'teams' (decision 129). */
    format: text('format').$type<TWebhookFormat>().notNull().default('standard'),
    /** 'hmac-sha256' (v1) or 'ed25519' (v1a); a chat notice is not signed and keeps the default. */
    signing: text('signing').$type<'hmac-sha256' | 'ed25519'>().notNull().default('hmac-sha256'),
    /** The signing secret (whsec_…) or private key (whsk_…), encrypted; a chat notice has none. */
    secret: text('secret'),
    /** For ed25519: the public key (whpk_…) receivers verify with; shown at any time. */
    publicKey: text('public_key'),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Since when every delivery has failed (null: the last one succeeded); five days of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoints_account_idx').on(table.accountId),
    // A standard endpoint always has its secret, a chat notice never has one.
    check('webhook_endpoints_secret_of_format', sql`(${table.format} = 'standard') = (${table.secret} IS NOT NULL)`),
  ],
);

/**
 * One event (or a test event, with no fax event) to one endpoint: the message, whatever number of tries it takes. Unique
 * per event and endpoint, so the event's consumer queues each message once.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => faxEvents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The JSON body as signed and sent, kept so every try (and "send again") sends the same bytes. */
    payload: text('payload').notNull(),
    /** 'pending' (tries left), 'delivered', 'failed' (no tries left). */
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_messages_event_endpoint_idx').on(table.eventId, table.endpointId),
    index('webhook_messages_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/** Every try of a message: the delivery log (status code, time, body excerpt, error). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    /** Why it failed without an answer (refused address, timeout, connection error), in words. */
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (table) => [uniqueIndex('webhook_attempts_message_number_idx').on(table.messageId, table.number)],
);
