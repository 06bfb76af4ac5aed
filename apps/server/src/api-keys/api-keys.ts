import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, MAX_API_KEYS, type TApiKey, type ZCreateApiKeyRequest } from '@faxline/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { assertPlanIncludes } from '../accounts/plan-features';
import { AppError } from '../platform/http/app-error';
import { apiKeys } from './schema';

/** The SHA-256 a key is kept and found by: the secret itself is never stored. */
export const hashOfSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** `fl_live_` and 43 characters of 32 random bytes (base64url): as strong as any key, and easy to spot in a leak. */
function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

const shownPrefixOf = (secret: string) => secret.slice(0, API_KEY_PREFIX.length + 8);

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toPublicApiKey(row: ApiKeyRow, createdBy: string | null): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The account's keys that still work, newest first (revoked keys are gone from the list; the audit trail keeps them). */
export async function listApiKeys(db: Database, accountId: string) {
  const rows = await db
    .select({ key: apiKeys, createdBy: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return { apiKeys: rows.map((row) => toPublicApiKey(row.key, row.createdBy)), max: MAX_API_KEYS };
}

/** A new key for the actor's account, acting as the actor: the answer holds its secret, which is never shown again. */
export async function createApiKey(db: Database, actor: Actor, request: z.output<typeof ZCreateApiKeyRequest>) {
  await assertPlanIncludes(db, actor.member.accountId, 'apiAccess');
  const secret = newSecret();
  const row = await inTransaction(db, async (tx) => {
    // Counted under the account's lock, so that two creations at once cannot pass the limit together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'api_keys:' + actor.member.accountId}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, actor.member.accountId), isNull(apiKeys.revokedAt)));
    if (n >= MAX_API_KEYS) throw new AppError('invalid_request', 'errors.tooManyApiKeys', { max: MAX_API_KEYS });
    const [created] = await tx
      .insert(apiKeys)
      .values({
        accountId: actor.member.accountId,
        createdBy: actor.user.id,
        name: request.name.trim(),
        prefix: shownPrefixOf(secret),
        secretHash: hashOfSecret(secret),
        scopes: [...new Set(request.scopes)],
      })
      .returning();
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { name: created!.name, prefix: created!.prefix, scopes: created!.scopes }),
      action: 'api_key.create',
      objectType: 'api_key',
      objectId: created!.id,
      outcome: 'success',
    });
    return created!;
  });
  return { key: toPublicApiKey(row, actor.user.name), secret };
}

/** Revokes a key of the actor's account: from this moment it answers 401. Another account's key is not found. */
export async function revokeApiKey(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, actor.member.accountId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix, name: apiKeys.name });
    await recordAuditEvent(tx, {
      ...auditedBy(actor, revoked ? { name: revoked.name, prefix: revoked.prefix } : undefined),
      action: 'api_key.revoke',
      objectType: 'api_key',
      objectId: id,
      outcome: revoked ? 'success' : 'denied',
    });
    if (!revoked) throw new AppError('not_found', 'errors.apiKeyNotFound');
  });
}

/** Notes that a key was used now (shown in the list as its last use). */
export async function markKeyUsed(db: Database, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}
