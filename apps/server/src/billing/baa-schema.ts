import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * Each business associate agreement an account's owner signed (decision 090): who, as what, for which organisation,
 * which version of the text, when and from where, and the signed PDF in the file store. A new version of the text
 * asks for a new signature; the earlier ones stay on record.
 */
export const baaSignatures = pgTable(
  'baa_signatures',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The signer's login; the name typed is what the agreement records, so a person removed later leaves it whole. */
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    signerTitle: text('signer_title').notNull(),
    organisation: text('organisation').notNull(),
    version: text('version').notNull(),
    language: text('language').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    /** The signed agreement's PDF, encrypted in the file store (platform/files). */
    fileKey: text('file_key').notNull(),
    fileSha256: text('file_sha256').notNull(),
  },
  (table) => [index('baa_signatures_account_idx').on(table.accountId, table.signedAt)],
);
