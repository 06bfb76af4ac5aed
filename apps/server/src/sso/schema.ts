import type { TSsoProtocol, TSsoRole } from '@faxline/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';

/**
 * An account's identity provider (decision 106): OpenID Connect (the issuer, found by discovery, the client id and its
 * secret, sealed with the installation secret as the other secrets are) or SAML 2.0 (the IdP's entity id, its
 * HTTP-Redirect single sign-on URL and its signing certificate). One per account.
 */
export const ssoConnections = pgTable('sso_connections', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  protocol: text('protocol').$type<TSsoProtocol>().notNull(),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  /** Sealed (sso/secrets.ts). */
  oidcClientSecret: text('oidc_client_secret'),
  samlEntityId: text('saml_entity_id'),
  samlSsoUrl: text('saml_sso_url'),
  /** PEM. */
  samlCertificate: text('saml_certificate'),
  defaultRole: text('default_role').$type<TSsoRole>().notNull().default('user'),
  /** Everyone of the account's verified domains signs in through the identity provider (owners keep a password). */
  required: boolean('required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains an account names for its single sign-on, each with the token of its TXT record. A domain may be
 * named by several accounts while unproven, but verified by one only (the partial unique index): whoever proves it
 * first holds it.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sso_domains_account_domain_idx').on(table.accountId, table.domain),
    uniqueIndex('sso_domains_verified_idx')
      .on(table.domain)
      .where(sql`${table.verifiedAt} IS NOT NULL`),
  ],
);

/**
 * A sign-in Faxline started and has not seen come back: the OIDC state with its nonce and PKCE verifier (and the hash
 * of the browser's cookie, so that only the browser that started it finishes it), or a SAML AuthnRequest's id, which
 * the response's InResponseTo must name. Spent when the answer comes; in the database so that any server takes it.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<TSsoProtocol>().notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    browserHash: text('browser_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_requests_expires_idx').on(table.expiresAt)],
);

/** SAML assertions already used, by id, until they could no longer be accepted anyway: a second use is a replay. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_used_assertions_expires_idx').on(table.expiresAt)],
);
