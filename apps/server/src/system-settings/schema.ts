import type { TSecretSetting, TSystemSettingsValues } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform's settings: one row. `values` holds what an admin saved (defaults fill in the rest when read, so a
 * setting added later needs no data migration); `secrets` holds credentials, each encrypted.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey().default(1),
    values: jsonb('values').$type<Partial<TSystemSettingsValues>>().notNull(),
    secrets: jsonb('secrets').$type<Partial<Record<TSecretSetting, string>>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (table) => [check('system_settings_single_row', sql`${table.id} = 1`)],
);
