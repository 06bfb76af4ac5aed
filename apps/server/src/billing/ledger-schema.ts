import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TFaxDirection, TUsageLedgerKind } from '@faxline/shared';
import { accounts } from '../accounts/schema';
import type { TBillingProvider } from './schema';

/**
 * The usage ledger (decision 086): one line per page charge, written in the transaction that records a delivery or a
 * reception, and the only source of quotas, overage and the customer's CSV. Append-only (a trigger refuses changes;
 * a correction is a new line). It keeps the fax's id, direction and other party without a link to `faxes`, so that a
 * deleted fax's charge stays as it was billed.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    faxId: uuid('fax_id').notNull(),
    direction: text('direction').$type<TFaxDirection>().notNull(),
    /** The number on the other end: the recipient of a sent fax, the sender of a received one (null when hidden). */
    otherNumber: text('other_number'),
    /** The pages the receiving machine or carrier confirmed (a received fax: the pages that arrived). */
    pages: integer('pages').notNull(),
    kind: text('kind').$type<TUsageLedgerKind>().notNull(),
    rateCents: integer('rate_cents').notNull(),
    currency: text('currency').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // A fax is charged once per kind, however many tries or reports of its end there are.
    uniqueIndex('usage_ledger_fax_kind_idx').on(table.faxId, table.kind),
    // An account's lines of a period: the CSV, and the quota's partial first and last hours (usageHourlyPages).
    index('usage_ledger_account_at_idx').on(table.accountId, table.at),
  ],
);

/**
 * The ledger's pages summed by account and UTC hour, kept by a trigger on the ledger in the transaction that writes
 * its lines (migration 0080), without the `international` lines, which count no pages of their own (decision 096).
 * The quota reads a period's whole hours here and only its first and last partial hours' lines, so that a send's
 * check costs the same at a thousand pages a month and at a million (decision 150).
 */
export const usageHourlyPages = pgTable(
  'usage_hourly_pages',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The UTC hour the lines' `at` falls in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    pages: integer('pages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.hour] })],
);

/**
 * The ledger's charges handed to the payment provider for the next invoice (decision 093): one row per ledger line,
 * written once the provider has the item, so that a line is billed once however many times its job runs. Kept apart
 * from the ledger, which is append-only.
 */
export const usageInvoiceItems = pgTable('usage_invoice_items', {
  ledgerLineId: bigint('ledger_line_id', { mode: 'number' })
    .primaryKey()
    .references(() => usageLedger.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<TBillingProvider>().notNull(),
  /** The provider's invoice item (`ii_…`). */
  itemId: text('item_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
