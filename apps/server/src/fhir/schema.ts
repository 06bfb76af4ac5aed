import type { TFhirAuthKind, TFhirExportStatus, TSmartAssertionAlgorithm } from '@faxline/shared';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { faxes } from '../faxes/schema';

/**
 * An account's FHIR R4 server (decision 105): its base URL and how Faxline signs in, a bearer token or SMART Backend
 * Services (a client id, the token URL and a private key that signs the client assertion). The token and the private
 * key are stored sealed with the installation secret, as the webhooks' secrets are.
 */
export const fhirConnections = pgTable('fhir_connections', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  authKind: text('auth_kind').$type<TFhirAuthKind>().notNull(),
  /** bearer: the access token, sealed; smart_backend: the private JWK (JSON), sealed. */
  secret: text('secret').notNull(),
  clientId: text('client_id'),
  tokenUrl: text('token_url'),
  /** smart_backend: the assertion's `alg` and the key's `kid`, read from the JWK when it was saved. */
  algorithm: text('algorithm').$type<TSmartAssertionAlgorithm>(),
  keyId: text('key_id'),
  enabled: boolean('enabled').notNull().default(true),
  /** Each received fax goes to the server once Faxline has classified it (fax.classified), without a member's click. */
  sendAutomatically: boolean('send_automatically').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A fax's export to its account's FHIR server: one per fax, since a fax is one DocumentReference (its identifier is
 * the fax's id, and the create is conditional on it). Tries are the export job's; what each try ended with is in the
 * audit trail (`fax.fhir_export`), which is the fax's timeline.
 */
export const fhirExports = pgTable(
  'fhir_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    faxId: uuid('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<TFhirExportStatus>().notNull().default('pending'),
    /** The DocumentReference created on the server. */
    resourceId: text('resource_id'),
    /** The Binary holding the PDF when it was too large to travel inside the DocumentReference; kept so a retry reuses it. */
    binaryId: text('binary_id'),
    /** `Patient/<id>` when exactly one patient matched the fax's fields; null leaves the patient to review. */
    patientReference: text('patient_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('fhir_exports_fax_idx').on(table.faxId), index('fhir_exports_account_idx').on(table.accountId, table.createdAt)],
);
