import type { TDocumentClass } from '@faxline/shared';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { faxes } from '../faxes/schema';
import type { WordWeights } from './classify';

/**
 * The faxes a member classified (decision 102): what the account's classifier learns from, newest first. The words
 * are the fax's (weighted, not its text), so they go with the fax when it is deleted.
 */
export const faxClassExamples = pgTable(
  'fax_class_examples',
  {
    faxId: uuid('fax_id')
      .primaryKey()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    documentClass: text('document_class').$type<TDocumentClass>().notNull(),
    words: jsonb('words').$type<WordWeights>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fax_class_examples_account_idx').on(table.accountId, table.createdAt.desc())],
);
