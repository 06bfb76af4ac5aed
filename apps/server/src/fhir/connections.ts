import type { TFhirConnection, TFhirConnectionChange, TFhirConnectionTest } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { callFhir, FhirUnreachable } from './fhir-http';
import { checkFhirUrl } from './fhir-url';
import { fhirConnections } from './schema';
import { openFhirSecret, sealFhirSecret } from './secrets';
import { readSmartPrivateKey, smartAccessToken, SmartTokenRefused } from './smart-backend';

export type FhirConnectionRow = typeof fhirConnections.$inferSelect;
type ConnectionDeps = { db: Database; config: TConfig };

export async function fhirConnectionOf(db: Database, accountId: string): Promise<FhirConnectionRow | undefined> {
  const [row] = await db.select().from(fhirConnections).where(eq(fhirConnections.accountId, accountId));
  return row;
}

/** The connection as its settings show it: everything but the token or the key. */
export function describeFhirConnection(row: FhirConnectionRow): TFhirConnection {
  return {
    baseUrl: row.baseUrl,
    authKind: row.authKind,
    clientId: row.clientId,
    tokenUrl: row.tokenUrl,
    algorithm: row.algorithm,
    keyId: row.keyId,
    enabled: row.enabled,
    sendAutomatically: row.sendAutomatically,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the account's connection (one per account). A token or key left out keeps the one kept, if the kind did not
 * change; a SMART key is read now (kind, size, algorithm) so that a bad paste is refused here rather than at the first
 * export. Audited without any secret.
 */
export async function saveFhirConnection(
  { db, config }: ConnectionDeps,
  actor: Actor,
  change: TFhirConnectionChange,
): Promise<TFhirConnection> {
  const accountId = actor.member.accountId;
  const before = await fhirConnectionOf(db, accountId);
  const baseUrl = checkFhirUrl(change.baseUrl, config);
  const tokenUrl = change.authKind === 'smart_backend' ? checkFhirUrl(change.tokenUrl!, config) : null;
  // A kept token or key goes only where it went before: an address changed by someone who never saw the secret
  // must not carry it (or the access tokens it gets) elsewhere.
  const sameAddresses = before?.baseUrl === baseUrl && before.tokenUrl === tokenUrl;
  const keeps = before?.authKind === change.authKind && sameAddresses ? before : undefined;
  const missing = (field: 'token' | 'privateKey') =>
    new AppError(
      'invalid_request',
      before?.authKind === change.authKind && !sameAddresses
        ? 'fhir.secretForNewAddress'
        : field === 'token'
          ? 'fhir.tokenRequired'
          : 'fhir.privateKeyRequired',
      {},
      `body.${field}`,
    );
  const switches = { enabled: change.enabled ?? true, sendAutomatically: change.sendAutomatically ?? false };
  let values: Omit<typeof fhirConnections.$inferInsert, 'accountId'>;
  if (change.authKind === 'bearer') {
    if (!change.token && !keeps) throw missing('token');
    const secret = change.token ? await sealFhirSecret(config, change.token) : keeps!.secret;
    values = { baseUrl, authKind: 'bearer', secret, clientId: null, tokenUrl: null, algorithm: null, keyId: null, ...switches };
  } else {
    if (!change.privateKey && !keeps) throw missing('privateKey');
    const key = change.privateKey ? await readSmartPrivateKey(change.privateKey) : { algorithm: keeps!.algorithm!, keyId: keeps!.keyId! };
    const secret = change.privateKey ? await sealFhirSecret(config, change.privateKey) : keeps!.secret;
    // The contract requires the client id and the token URL for this kind.
    values = { baseUrl, authKind: 'smart_backend', secret, clientId: change.clientId!, tokenUrl: tokenUrl!, ...key, ...switches };
  }
  const [saved] = await db
    .insert(fhirConnections)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: fhirConnections.accountId, set: { ...values, updatedAt: new Date() } })
    .returning();
  await recordAuditEvent(db, {
    ...auditedBy(actor, {
      baseUrl,
      authKind: change.authKind,
      ...switches,
      credentialsChanged: Boolean(change.authKind === 'bearer' ? change.token : change.privateKey),
    }),
    action: 'account.fhir',
    objectType: 'account',
    objectId: accountId,
    outcome: 'success',
  });
  return describeFhirConnection(saved!);
}

/** Disconnects the account's FHIR server; its exports stay as the record of what was sent. */
export async function removeFhirConnection(db: Database, actor: Actor): Promise<void> {
  const removed = await db.delete(fhirConnections).where(eq(fhirConnections.accountId, actor.member.accountId)).returning();
  if (removed.length === 0) throw new AppError('not_found', 'fhir.notConnected');
  await recordAuditEvent(db, {
    ...auditedBy(actor, { baseUrl: removed[0]!.baseUrl }),
    action: 'account.fhir_remove',
    objectType: 'account',
    objectId: actor.member.accountId,
    outcome: 'success',
  });
}

/** The Authorization header of the connection's next requests: its token, or a SMART access token asked for now. */
export async function authorizationOf(config: TConfig, row: FhirConnectionRow): Promise<string> {
  const secret = await openFhirSecret(config, row.secret);
  if (row.authKind === 'bearer') return `Bearer ${secret}`;
  const token = await smartAccessToken(config, {
    clientId: row.clientId!,
    tokenUrl: row.tokenUrl!,
    privateKey: secret,
    algorithm: row.algorithm!,
    keyId: row.keyId!,
  });
  return `Bearer ${token}`;
}

/**
 * "Test connection": the server's CapabilityStatement (`GET /metadata`) says FHIR 4.0.x, and a search made with the
 * credentials (SMART: after getting a token) is not refused. Each failure is a translated 422 saying which.
 */
export async function testFhirConnection({ db, config }: ConnectionDeps, accountId: string): Promise<TFhirConnectionTest> {
  const row = await fhirConnectionOf(db, accountId);
  if (!row) throw new AppError('not_found', 'fhir.notConnected');
  try {
    const metadata = await callFhir(config, { method: 'GET', url: `${row.baseUrl}/metadata` });
    const statement = metadata.json as {
      resourceType?: unknown;
      fhirVersion?: unknown;
      software?: { name?: unknown; version?: unknown };
    } | null;
    if (metadata.status !== 200 || statement?.resourceType !== 'CapabilityStatement')
      throw new AppError('unprocessable', 'fhir.notFhirServer');
    const fhirVersion = typeof statement.fhirVersion === 'string' ? statement.fhirVersion : '?';
    if (!fhirVersion.startsWith('4.0.')) throw new AppError('unprocessable', 'fhir.notR4', { version: fhirVersion });
    const authorization = await authorizationOf(config, row);
    const search = await callFhir(config, { method: 'GET', url: `${row.baseUrl}/Patient?_count=1`, headers: { authorization } });
    if (search.status === 401 || search.status === 403)
      throw new AppError('unprocessable', 'fhir.credentialsRefused', { status: search.status });
    const name = typeof statement.software?.name === 'string' ? statement.software.name : null;
    const version = typeof statement.software?.version === 'string' ? ` ${statement.software.version}` : '';
    return { fhirVersion, software: name ? `${name}${version}` : null };
  } catch (error) {
    if (error instanceof FhirUnreachable) throw new AppError('unprocessable', 'fhir.serverUnreachable', { reason: error.message });
    if (error instanceof SmartTokenRefused) throw new AppError('unprocessable', 'fhir.tokenRefused', { reason: error.message });
    throw error;
  }
}

/** The accounts of these that have an enabled connection sending each fax once classified. */
export async function accountsSendingAutomatically(db: Database, accountIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: fhirConnections.accountId })
    .from(fhirConnections)
    .where(
      and(
        inArray(fhirConnections.accountId, [...new Set(accountIds)]),
        eq(fhirConnections.enabled, true),
        eq(fhirConnections.sendAutomatically, true),
      ),
    );
  return new Set(rows.map((row) => row.accountId));
}
