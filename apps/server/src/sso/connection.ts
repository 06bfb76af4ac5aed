import type { TSsoConnection, TSsoConnectionChange, TSsoSettingsResponse } from '@faxline/shared';
import { ZSsoConnectionChange } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { auditedBy, type Actor } from '../accounts/actor';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { SystemSettings } from '../system-settings/system-settings';
import { auditSso } from './audit';
import { listDomains } from './domains';
import { checkIdpUrl } from './idp-url';
import { certificateAsPem, describeCertificate, fetchSamlMetadata, readSamlMetadata, type SamlIdp } from './saml-metadata';
import { sealSsoSecret } from './secrets';
import { assertSsoOnPlatform, serviceProviderOf, ssoOnPlatform } from './service-provider';
import { ssoConnections } from './schema';

type Deps = { db: Database; config: TConfig; systemSettings: Pick<SystemSettings, 'current'> };
type Row = typeof ssoConnections.$inferSelect;

export async function connectionRow(db: Database, accountId: string): Promise<Row | null> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId));
  return row ?? null;
}

function publicConnection(row: Row): TSsoConnection {
  return {
    protocol: row.protocol,
    oidcIssuer: row.oidcIssuer,
    oidcClientId: row.oidcClientId,
    hasClientSecret: row.oidcClientSecret !== null,
    samlEntityId: row.samlEntityId,
    samlSsoUrl: row.samlSsoUrl,
    samlCertificate: row.samlCertificate ? describeCertificate(row.samlCertificate) : null,
    defaultRole: row.defaultRole,
    required: row.required,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The settings section: the platform's switch, the connection, the domains and Faxline's own values. */
export async function readSsoSettings(deps: Deps, accountId: string): Promise<TSsoSettingsResponse> {
  const row = await connectionRow(deps.db, accountId);
  return {
    platformEnabled: await ssoOnPlatform(deps.systemSettings),
    connection: row ? publicConnection(row) : null,
    domains: await listDomains(deps.db, accountId),
    serviceProvider: serviceProviderOf(deps.config, accountId),
  };
}

/** OIDC discovery through the issuer, with the client's credentials: what every sign-in starts from. */
export async function discoverOidc(config: Pick<TConfig, 'webhooks'>, issuer: string, clientId: string, secret: string | undefined) {
  const url = checkIdpUrl(issuer, config);
  try {
    return await oidc.discovery(url, clientId, secret, secret ? oidc.ClientSecretPost(secret) : oidc.None(), {
      timeout: 10,
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new AppError('invalid_request', 'sso.discoveryFailed', { issuer, reason: (error as Error).message }, 'body.oidcIssuer');
  }
}

async function samlIdpOf(deps: Deps, change: TSsoConnectionChange, kept: Row | null): Promise<SamlIdp> {
  if (change.samlMetadataXml) return readSamlMetadata(change.samlMetadataXml);
  if (change.samlMetadataUrl) return fetchSamlMetadata(change.samlMetadataUrl, deps.config);
  if (!change.samlEntityId) {
    if (kept?.protocol !== 'saml') throw new AppError('invalid_request', 'sso.metadataUrlRequired', {}, 'body.samlMetadataUrl');
    return { entityId: kept.samlEntityId!, ssoUrl: kept.samlSsoUrl!, certificate: kept.samlCertificate! };
  }
  const ssoUrl = checkIdpUrl(change.samlSsoUrl!, deps.config).href;
  return { entityId: change.samlEntityId!, ssoUrl, certificate: certificateAsPem(change.samlCertificate!) };
}

/**
 * Connects the account's identity provider, or changes it. OIDC: discovery must answer at the issuer (so a mistyped
 * issuer is said now, not at the first sign-in); the secret may be left out to keep the one kept. SAML: the metadata
 * is read now and its values kept, so a sign-in never waits on the provider's metadata.
 */
export async function saveSsoConnection(deps: Deps, actor: Actor, input: TSsoConnectionChange): Promise<TSsoSettingsResponse> {
  await assertSsoOnPlatform(deps.systemSettings);
  const change = ZSsoConnectionChange.parse(input);
  const { accountId } = actor.member;
  const kept = await connectionRow(deps.db, accountId);
  const common = { protocol: change.protocol, defaultRole: change.defaultRole, required: change.required, updatedAt: new Date() };
  let values: Omit<Row, 'accountId' | 'createdAt'>;
  if (change.protocol === 'oidc') {
    // A kept secret stays only with the issuer and client it was saved for: it never goes to another provider unseen.
    const keeps =
      kept?.protocol === 'oidc' &&
      kept.oidcClientSecret &&
      kept.oidcIssuer === change.oidcIssuer &&
      kept.oidcClientId === change.oidcClientId;
    const secret = change.oidcClientSecret ?? (keeps ? undefined : null);
    if (secret === null) throw new AppError('invalid_request', 'sso.clientSecretRequired', {}, 'body.oidcClientSecret');
    const issuer = change.oidcIssuer!;
    // Discovery with the secret only when it is new; a kept one was checked when it was saved.
    await discoverOidc(deps.config, issuer, change.oidcClientId!, secret);
    values = {
      ...common,
      oidcIssuer: issuer,
      oidcClientId: change.oidcClientId!,
      oidcClientSecret: secret ? await sealSsoSecret(deps.config, secret) : kept!.oidcClientSecret,
      samlEntityId: null,
      samlSsoUrl: null,
      samlCertificate: null,
    };
  } else {
    const idp = await samlIdpOf(deps, change, kept);
    values = {
      ...common,
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecret: null,
      samlEntityId: idp.entityId,
      samlSsoUrl: idp.ssoUrl,
      samlCertificate: idp.certificate,
    };
  }
  if (values.required && !(await listDomains(deps.db, accountId)).some((domain) => domain.verifiedAt))
    throw new AppError('invalid_request', 'sso.requiredNeedsDomain', {}, 'body.required');
  await deps.db
    .insert(ssoConnections)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: ssoConnections.accountId, set: values });
  await auditSso(deps.db, {
    ...auditedBy(actor, { protocol: values.protocol, defaultRole: values.defaultRole, required: values.required }),
    action: kept ? 'sso.connection_changed' : 'sso.connection_created',
    outcome: 'success',
  });
  return readSsoSettings(deps, accountId);
}

export async function removeSsoConnection(deps: Deps, actor: Actor): Promise<TSsoSettingsResponse> {
  const { accountId } = actor.member;
  const removed = await deps.db.delete(ssoConnections).where(eq(ssoConnections.accountId, accountId)).returning();
  if (removed.length === 0) throw new AppError('not_found', 'sso.notConnected');
  await auditSso(deps.db, { ...auditedBy(actor), action: 'sso.connection_removed', outcome: 'success' });
  return readSsoSettings(deps, accountId);
}
