import { z } from 'zod';
import { MEMBER_ROLES } from '../member-roles';
import { multiLineText, singleLineText } from '../text';

/**
 * Single sign-on (decision 106): an account's owner connects the organisation's identity provider by OpenID Connect or
 * SAML 2.0, proves an e-mail domain by a DNS TXT record, and chooses the role given to the people who join through it
 * and whether everyone of the domain must sign in that way. Managed by the owner under /api/sso.
 */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type TSsoProtocol = (typeof SSO_PROTOCOLS)[number];
/** The roles an identity provider's people may be given: any member role but owner. */
export const SSO_ROLES = MEMBER_ROLES.filter((role) => role !== 'owner') as ['admin', 'user', 'billing'];
export type TSsoRole = (typeof SSO_ROLES)[number];
/** The TXT record's value starts with this; the rest is the domain's own random token. */
export const SSO_DOMAIN_RECORD_PREFIX = 'faxline-verification=';

/**
 * Why a single sign-on came back refused, as the sign-in page says it (`?sso=<reason>`, its own words in en, es, fr);
 * the audit trail keeps the same reason.
 */
export const SSO_FAILURES = [
  'unavailable',
  'no_connection',
  'expired',
  'invalid_response',
  'replayed',
  'wrong_domain',
  'other_account',
  'deactivated',
  'no_room',
] as const;
export type TSsoFailure = (typeof SSO_FAILURES)[number];

const MAX_URL = 2_000;
const ZUrl = (required: 'sso.issuerRequired' | 'sso.ssoUrlRequired' | 'sso.metadataUrlRequired') =>
  z
    .string()
    .trim()
    .check(singleLineText)
    .min(1, { error: required })
    .max(MAX_URL, { error: 'sso.urlInvalid' })
    .pipe(z.url({ protocol: /^https?$/, error: 'sso.urlInvalid' }));
const ZLine = (required: 'sso.clientIdRequired' | 'sso.clientSecretRequired' | 'sso.entityIdRequired', max: number) =>
  z.string().trim().check(singleLineText).min(1, { error: required }).max(max, { error: 'validation.tooLong' });

/** An e-mail domain as the owner names it (lower case, no trailing dot). */
export const ZSsoDomainName = z
  .string()
  .check(singleLineText)
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'sso.domainRequired' })
      .max(253, { error: 'sso.domainInvalid' })
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'sso.domainInvalid' }),
  );

/** The connection as the owner sees it: never the client secret, only whether one is kept. */
export const ZSsoConnection = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  oidcIssuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  samlEntityId: z.string().nullable(),
  samlSsoUrl: z.string().nullable(),
  /** The signing certificate's subject and end of validity, to recognise it; the PEM is not sent back. */
  samlCertificate: z.object({ subject: z.string(), validTo: z.string() }).nullable(),
  defaultRole: z.enum(SSO_ROLES),
  required: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TSsoConnection = z.infer<typeof ZSsoConnection>;

export const ZSsoDomain = z.object({
  domain: z.string(),
  /** The TXT record to publish on the domain: `faxline-verification=<token>`. */
  record: z.string(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TSsoDomain = z.infer<typeof ZSsoDomain>;

/** Faxline's own values, to give the identity provider. */
export const ZSsoServiceProvider = z.object({
  oidcRedirectUri: z.string(),
  samlEntityId: z.string(),
  samlAcsUrl: z.string(),
  samlMetadataUrl: z.string(),
});
export type TSsoServiceProvider = z.infer<typeof ZSsoServiceProvider>;

export const ZSsoSettingsResponse = z.object({
  /** The platform's switch (back office): off, no account connects or uses single sign-on. */
  platformEnabled: z.boolean(),
  connection: ZSsoConnection.nullable(),
  domains: z.array(ZSsoDomain),
  serviceProvider: ZSsoServiceProvider,
});
export type TSsoSettingsResponse = z.infer<typeof ZSsoSettingsResponse>;

/**
 * Saving the connection. The client secret may be left out to keep the one kept. SAML: either the metadata (a URL or
 * the XML pasted), from which Faxline reads the entity id, SSO URL and certificate, or those three typed in, or none
 * of them to keep the provider already connected.
 */
export const ZSsoConnectionChange = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS, { error: 'sso.protocolInvalid' }),
    oidcIssuer: ZUrl('sso.issuerRequired').optional(),
    oidcClientId: ZLine('sso.clientIdRequired', 500).optional(),
    oidcClientSecret: ZLine('sso.clientSecretRequired', 2_000).optional(),
    samlMetadataUrl: ZUrl('sso.metadataUrlRequired').optional(),
    samlMetadataXml: z.string().trim().check(multiLineText).max(200_000, { error: 'validation.tooLong' }).optional(),
    samlEntityId: ZLine('sso.entityIdRequired', MAX_URL).optional(),
    samlSsoUrl: ZUrl('sso.ssoUrlRequired').optional(),
    samlCertificate: z.string().trim().check(multiLineText).max(20_000, { error: 'validation.tooLong' }).optional(),
    defaultRole: z.enum(SSO_ROLES, { error: 'sso.roleInvalid' }),
    required: z.boolean(),
  })
  .superRefine((change, context) => {
    if (change.protocol === 'oidc') {
      if (!change.oidcIssuer) context.addIssue({ code: 'custom', path: ['oidcIssuer'], message: 'sso.issuerRequired' });
      if (!change.oidcClientId) context.addIssue({ code: 'custom', path: ['oidcClientId'], message: 'sso.clientIdRequired' });
      return;
    }
    if (change.samlMetadataUrl || change.samlMetadataXml) return;
    // Nothing of the provider: the one already connected stays (the server says so when there is none).
    if (!change.samlEntityId && !change.samlSsoUrl && !change.samlCertificate) return;
    if (!change.samlEntityId) context.addIssue({ code: 'custom', path: ['samlEntityId'], message: 'sso.entityIdRequired' });
    if (!change.samlSsoUrl) context.addIssue({ code: 'custom', path: ['samlSsoUrl'], message: 'sso.ssoUrlRequired' });
    if (!change.samlCertificate) context.addIssue({ code: 'custom', path: ['samlCertificate'], message: 'sso.certificateRequired' });
  });
export type TSsoConnectionChange = z.input<typeof ZSsoConnectionChange>;

export const ZSsoDomainRequest = z.object({ domain: ZSsoDomainName });
export type TSsoDomainRequest = z.input<typeof ZSsoDomainRequest>;
export const ZSsoDomainParams = z.object({ domain: ZSsoDomainName });

/** The sign-in page's question: does this address's domain sign in through an identity provider? Nothing more. */
export const ZSsoDiscoveryQuery = z.object({ email: z.email({ error: 'validation.email' }).max(320) });
export const ZSsoDiscoveryResponse = z.object({ sso: z.boolean() });
export type TSsoDiscoveryResponse = z.infer<typeof ZSsoDiscoveryResponse>;

/** An account's SAML endpoints (its metadata, its assertion consumer service) are named by its id. */
export const ZSsoAccountParams = z.object({ accountId: z.string().check(singleLineText).min(1).max(100) });
/** The identity provider's POST binding: its form's fields. */
export const ZSamlPostBody = z.object({
  SAMLResponse: z.string().check(singleLineText).min(1).max(500_000),
  RelayState: z.string().check(singleLineText).max(2_000).optional(),
});
