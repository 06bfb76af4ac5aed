import {
  API_KEY_SCOPES,
  API_RATE_LIMIT,
  scopesRoleAllows,
  type TApiKeyScope,
  type TConnectedApp,
  type TMemberRole,
  type TOAuthConsent,
} from '@faxline/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { auditedBy } from '../accounts/actor';
import { accountMembers, accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { revokeGrantRecords } from './adapter';
import type { AuthorizationServer } from './provider';
import { oauthConnections } from './schema';

/** `last_used_at` is written at most this often per app, as an API key's. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * An app or agent acting with an OAuth access token: its connection (what its requests are counted and its
 * Idempotency-Keys kept under, as a key's id), its actor (the person who connected it), its scopes, and the plan's
 * requests per minute, as an API key has them.
 */
export type AppCaller = {
  id: string;
  actor: Actor & { viaAgent: { name: string; clientId: string | null } };
  keyScopes: readonly TApiKeyScope[];
  scopes: readonly TApiKeyScope[];
  requestsPerMinute: number;
  plan: { name: string; apiAccess: boolean };
};

const isApiScope = (scope: string): scope is TApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope);

/**
 * The caller an access token names, or null: a token of ours, for this resource (the door it is shown at: a token for
 * /mcp does not open /v1, nor the reverse), unexpired, whose connection stands and whose person is still a member
 * (read now, as an API key's creator is, so a lesser role takes the app down too).
 */
export async function callerOfAccessToken(
  db: Database,
  server: AuthorizationServer,
  resource: string,
  token: string,
  ip: string,
): Promise<AppCaller | null> {
  const accessToken = await server.provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired) return null;
  const audience = [accessToken.aud ?? []].flat();
  if (!audience.includes(resource)) return null;
  const [row] = await db
    .select({
      id: oauthConnections.id,
      clientId: oauthConnections.clientId,
      clientName: oauthConnections.clientName,
      lastUsedAt: oauthConnections.lastUsedAt,
      accountId: oauthConnections.accountId,
      role: accountMembers.role,
      user: { id: users.id, name: users.name, emailVerified: users.emailVerified, language: users.language, banned: users.banned },
      requestsPerMinute: plans.apiRequestsPerMinute,
      planName: plans.name,
      apiAccess: plans.apiAccess,
    })
    .from(oauthConnections)
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .innerJoin(
      accountMembers,
      and(eq(accountMembers.userId, oauthConnections.userId), eq(accountMembers.organizationId, oauthConnections.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, oauthConnections.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(and(eq(oauthConnections.grantId, accessToken.grantId), isNull(oauthConnections.revokedAt)));
  if (!row || row.user.banned || row.user.id !== accessToken.accountId) return null;
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < Date.now() - LAST_USED_PRECISION_MS) {
    await db.update(oauthConnections).set({ lastUsedAt: new Date() }).where(eq(oauthConnections.id, row.id));
  }
  const { banned: _banned, ...user } = row.user;
  const role = row.role as TMemberRole;
  const keyScopes = [...accessToken.scopes].filter(isApiScope);
  return {
    id: row.id,
    actor: { user, member: { accountId: row.accountId, role }, ip, viaAgent: { name: row.clientName, clientId: row.clientId } },
    keyScopes,
    scopes: scopesRoleAllows(role, keyScopes),
    requestsPerMinute: row.requestsPerMinute ?? API_RATE_LIMIT.max,
    plan: { name: row.planName ?? '', apiAccess: row.apiAccess ?? false },
  };
}

/** What the consent page shows for an interaction, or 404 when it is unknown or over. */
export async function consentOf(server: AuthorizationServer, db: Database, actor: Actor, uid: string) {
  const { interaction, client } = await interactionOf(server, uid);
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, actor.member.accountId));
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.user.id));
  return {
    uid,
    clientName: client.clientName ?? client.clientId,
    clientUri: client.clientUri ?? null,
    scopes: requestedScopesOf(interaction.params),
    accountName: account?.name ?? '',
    personEmail: person?.email ?? '',
    doors: resourcesAskedFor(server, interaction.params).map((resource) => (resource === server.resources.v1 ? 'api' : 'mcp')),
  } satisfies TOAuthConsent;
}

/** The resources (RFC 8707) an app asked for; none named: the MCP server, the authorization server's default. */
function resourcesAskedFor(server: AuthorizationServer, params: Record<string, unknown>): string[] {
  const asked = [params.resource ?? []].flat().filter((resource): resource is string => typeof resource === 'string');
  return asked.length > 0 ? [...new Set(asked)] : [server.resources.mcp];
}

async function interactionOf(server: AuthorizationServer, uid: string) {
  const interaction = await server.provider.Interaction.find(uid);
  const clientId = typeof interaction?.params.client_id === 'string' ? interaction.params.client_id : null;
  const client = clientId ? await server.provider.Client.find(clientId) : undefined;
  if (!interaction || !client) throw new AppError('not_found', 'errors.oauthRequestNotFound');
  return { interaction, client };
}

/** The API scopes an app asked for; none named: every scope (what the consent page then shows, all of them). */
function requestedScopesOf(params: Record<string, unknown>): TApiKeyScope[] {
  const asked = String(params.scope ?? '')
    .split(' ')
    .filter(isApiScope);
  return asked.length > 0 ? [...new Set(asked)] : [...API_KEY_SCOPES];
}

/**
 * The person's answer to an app: approved, a grant of the scopes it asked for to this account (its connection, audited)
 * and the sign-in the authorization server takes from the portal's session; denied, `access_denied` for the app.
 * Either way the browser goes back to the authorization server, which answers the app.
 */
export async function decideConsent(server: AuthorizationServer, db: Database, actor: Actor, uid: string, approve: boolean) {
  const { interaction, client } = await interactionOf(server, uid);
  const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
  const clientName = client.clientName ?? client.clientId;
  if (!approve) {
    interaction.result = { error: 'access_denied', error_description: 'The person did not allow this app.' };
    await interaction.save(ttl);
    await recordAuditEvent(db, {
      ...auditedBy(actor, { clientId: client.clientId, clientName }),
      action: 'oauth.deny',
      objectType: 'oauth_client',
      objectId: client.clientId,
      outcome: 'success',
    });
    return { redirectTo: interaction.returnTo };
  }
  const scopes = requestedScopesOf(interaction.params);
  const grant = new server.provider.Grant({ accountId: actor.user.id, clientId: client.clientId });
  // Given as the server's scopes (what the client asked, as it registered) and as the resource's, which its tokens carry.
  const oidcScopes = String(interaction.params.scope ?? '')
    .split(' ')
    .filter((scope) => scope === 'openid' || scope === 'offline_access');
  grant.addOIDCScope([...oidcScopes, ...scopes].join(' '));
  // Each resource the app asked for, each token then for one of them.
  for (const resource of resourcesAskedFor(server, interaction.params)) grant.addResourceScope(resource, scopes.join(' '));
  const grantId = await grant.save();
  const [connection] = await db
    .insert(oauthConnections)
    .values({ accountId: actor.member.accountId, userId: actor.user.id, clientId: client.clientId, clientName, grantId, scopes })
    .returning({ id: oauthConnections.id });
  interaction.result = { login: { accountId: actor.user.id }, consent: { grantId } };
  await interaction.save(ttl);
  await recordAuditEvent(db, {
    ...auditedBy(actor, { clientId: client.clientId, clientName, scopes }),
    action: 'oauth.connect',
    objectType: 'oauth_connection',
    objectId: connection!.id,
    outcome: 'success',
  });
  return { redirectTo: interaction.returnTo };
}

/** The account's connected apps, newest first ("Connected apps" in /user/api-keys). */
export async function listConnections(db: Database, accountId: string): Promise<TConnectedApp[]> {
  const rows = await db
    .select({ connection: oauthConnections, grantedBy: users.name })
    .from(oauthConnections)
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .where(and(eq(oauthConnections.accountId, accountId), isNull(oauthConnections.revokedAt)))
    .orderBy(desc(oauthConnections.createdAt))
    .limit(200);
  return rows.map(({ connection, grantedBy }) => ({
    id: connection.id,
    clientName: connection.clientName,
    scopes: connection.scopes,
    grantedBy,
    createdAt: connection.createdAt.toISOString(),
    lastUsedAt: connection.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes a connection of the actor's account: its grant and every token of it go at once; audited. */
export async function revokeConnection(db: Database, actor: Actor, id: string): Promise<void> {
  const [revoked] = await db
    .update(oauthConnections)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthConnections.id, id), eq(oauthConnections.accountId, actor.member.accountId), isNull(oauthConnections.revokedAt)))
    .returning();
  if (!revoked) throw new AppError('not_found', 'errors.connectedAppNotFound');
  await revokeGrantRecords(db, revoked.grantId);
  await recordAuditEvent(db, {
    ...auditedBy(actor, { clientId: revoked.clientId, clientName: revoked.clientName }),
    action: 'oauth.revoke',
    objectType: 'oauth_connection',
    objectId: id,
    outcome: 'success',
  });
}
