import { API_RATE_LIMIT, scopesRoleAllows, type TApiKeyScope, type TMemberRole } from '@faxline/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { accountMembers, accounts } from '../accounts/schema';
import { hashOfSecret, markKeyUsed } from '../api-keys/api-keys';
import { callerOfAccessToken, type AppCaller } from '../oauth/connections';
import type { AuthorizationServer } from '../oauth/provider';
import { apiKeys } from '../api-keys/schema';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { AppError } from '../platform/http/app-error';

/** Spec 000 §9: 100 requests per minute per key unless the plan says otherwise. */
export const DEFAULT_REQUESTS_PER_MINUTE = API_RATE_LIMIT.max;
/** `last_used_at` is written at most this often per key: a busy key does not write on every request. */
const LAST_USED_PRECISION_MS = 60_000;

/** A program calling with an API key: the key, its scopes and limit, and the actor it is (its creator, with the rights they have now). */
export type KeyCaller = {
  /** The key's id: what its requests are counted and its Idempotency-Keys kept under. */
  id: string;
  actor: Actor & { viaApiKey: { id: string; prefix: string } };
  /** The scopes the key was given. */
  keyScopes: readonly TApiKeyScope[];
  /** Those its creator's current role allows: what the key may do on this request. */
  scopes: readonly TApiKeyScope[];
  requestsPerMinute: number;
  /** The account's plan, and whether it includes the API: a key outlives a move to a plan without it (decision 087). */
  plan: { name: string; apiAccess: boolean };
};

/** Who calls /v1 (and the MCP server): a program with an API key, or an app with an OAuth access token (decision 135). */
export type ApiCaller = KeyCaller | AppCaller;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The secret of an `Authorization: Bearer …` header, or null. */
export function bearerSecretOf(header: string | undefined): string | null {
  return header?.match(BEARER)?.[1] ?? null;
}

/** The key a secret's hash names, with its creator and plan: prepared once per database (it runs on every request). */
const keyQueries = new WeakMap<Database, ReturnType<typeof prepareKeyQuery>>();
const keyQueryOf = (db: Database) => keyQueries.get(db) ?? keyQueries.set(db, prepareKeyQuery(db)).get(db)!;

function prepareKeyQuery(db: Database) {
  return db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      accountId: apiKeys.accountId,
      role: accountMembers.role,
      user: { id: users.id, name: users.name, emailVerified: users.emailVerified, language: users.language, banned: users.banned },
      requestsPerMinute: plans.apiRequestsPerMinute,
      planName: plans.name,
      apiAccess: plans.apiAccess,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(accountMembers, and(eq(accountMembers.userId, apiKeys.createdBy), eq(accountMembers.organizationId, apiKeys.accountId)))
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(and(eq(apiKeys.secretHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare('public_api_key_caller');
}

/**
 * The caller a secret names, read from the database on every request so that a revoked key, a creator who left the
 * account or was banned, answers 401 at once, and a creator given a lesser role takes the key's rights down with them:
 * one indexed query (the key's hash) with its creator's membership and the account's plan.
 */
export async function callerOfSecret(db: Database, secret: string, ip: string): Promise<KeyCaller | null> {
  const [row] = await keyQueryOf(db).execute({ hash: hashOfSecret(secret) });
  if (!row || row.user.banned) return null;
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < Date.now() - LAST_USED_PRECISION_MS) {
    await markKeyUsed(db, row.id);
  }
  const { banned: _banned, ...user } = row.user;
  const role = row.role as TMemberRole;
  return {
    id: row.id,
    actor: { user, member: { accountId: row.accountId, role }, ip, viaApiKey: { id: row.id, prefix: row.prefix } },
    keyScopes: row.scopes,
    scopes: scopesRoleAllows(role, row.scopes),
    requestsPerMinute: row.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    plan: { name: row.planName ?? '', apiAccess: row.apiAccess ?? false },
  };
}

/**
 * The caller a bearer secret names at a door of the API (its resource, RFC 8707): an API key (`fl_live_…`), else an
 * access token of Faxline's authorization server for that door; null when neither works. The one reading of a
 * caller for /v1 and the MCP server.
 */
export async function callerOfBearer(
  deps: { db: Database; authorizationServer: AuthorizationServer },
  resource: string,
  secret: string,
  ip: string,
): Promise<ApiCaller | null> {
  return (await callerOfSecret(deps.db, secret, ip)) ?? callerOfAccessToken(deps.db, deps.authorizationServer, resource, secret, ip);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller on /v1, by API key or OAuth token (set by the scope's authentication hook, public-api/routes.ts). */
    apiCaller: ApiCaller | null;
  }
}

/** The request's caller; the /v1 scope authenticates every request but the OpenAPI document, so it is there. */
export function callerOf(request: { apiCaller: ApiCaller | null }): ApiCaller {
  if (!request.apiCaller) throw new AppError('authentication_error', 'errors.invalidApiKey');
  return request.apiCaller;
}

/** What a caller was given (a key's scopes, an app's) and what its person's role allows of them now. */
export type ScopedCaller = Pick<ApiCaller, 'keyScopes' | 'scopes'>;

/** The caller, when its key has the scope and its creator's role allows it now; otherwise 403 saying which is missing. */
export function requireScope<C extends ScopedCaller>(caller: C, scope: TApiKeyScope): C {
  if (caller.scopes.includes(scope)) return caller;
  if (caller.keyScopes.includes(scope)) throw new AppError('permission_denied', 'errors.apiKeyCreatorRoleForbids', { scope });
  throw new AppError('permission_denied', 'errors.apiKeyScopeMissing', { scope });
}
