import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (healthcare-grade): who did what to which object, when, from where, and how it ended. Append-only:
 * a trigger (drizzle/0003_audit_append_only.sql) refuses UPDATE and DELETE for every role, the application's included. Ids are kept as
 * text without foreign keys, so entries outlive the people and accounts they name.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    accountId: text('account_id'),
    ip: text('ip'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    outcome: text('outcome').$type<'success' | 'denied' | 'failure'>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  // The viewer's filters, each read newest first straight from an index and stopped by the page's LIMIT (decision 061):
  // every index ends with (at, id), the list's order. The action and object type ones also give the filters' choices.
  (table) => [
    index('audit_events_at_id_idx').on(table.at, table.id),
    index('audit_events_actor_at_idx').on(table.actorUserId, table.at, table.id),
    index('audit_events_action_at_idx').on(table.action, table.at, table.id),
    index('audit_events_object_type_at_idx').on(table.objectType, table.at, table.id),
    index('audit_events_object_id_at_idx').on(table.objectId, table.at, table.id),
    // An account's own trail (decision 109), read newest first like the others.
    index('audit_events_account_at_idx').on(table.accountId, table.at, table.id),
  ],
);
