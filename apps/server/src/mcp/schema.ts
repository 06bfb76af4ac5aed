import type { TAgentFax } from '@faxline/shared';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/** The account's rules for agents (issue 41); no row: agents send without approval and may read contents. */
export const agentSettings = pgTable('agent_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  approvalRequired: boolean('approval_required').notNull().default(false),
  contentsForbidden: boolean('contents_forbidden').notNull().default(false),
});

/** What an agent asked to send, kept whole until a member decides: nothing dials before (decision 131). */
export type AgentSendRequest = {
  recipients: string[];
  /** The portal's send form as the send service takes it. */
  form: Record<string, unknown>;
  sourceUrl: string | null;
  language: string;
  files: Array<{ name: string; storageKey: string }>;
};

/** A fax an agent sent while the account requires approval: waiting, then approved (its faxes) or denied. */
export const agentFaxes = pgTable(
  'agent_faxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The person the agent acts as: the faxes are sent as them once approved. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentName: text('agent_name').notNull(),
    agent: jsonb('agent').$type<Record<string, unknown>>().notNull(),
    request: jsonb('request').$type<AgentSendRequest>().notNull(),
    state: text('state').$type<TAgentFax['state']>().notNull().default('waiting'),
    faxIds: text('fax_ids').array().notNull().default([]),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_faxes_account_idx').on(table.accountId, table.state, table.createdAt)],
);
