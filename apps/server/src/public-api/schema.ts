import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The answers to POSTs made with an Idempotency-Key, kept 24 hours (then purged, jobs/purge-spent-idempotency.ts): the
 * same key and body replays the answer, another body is refused, and a request still running holds the row (no answer
 * yet). Kept per caller: an API key, or an app's connection (decision 135).
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    /**
     * The API key's id or the connected app's (oauth_connections): no foreign key, since it is either; a deleted key's
     * rows go with the day's purge. The column keeps the name it had when keys were the only callers.
     */
    callerId: uuid('api_key_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.callerId, table.key] }), index('api_idempotency_created_idx').on(table.createdAt)],
);
