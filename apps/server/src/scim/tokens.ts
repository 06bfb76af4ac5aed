import { createHash, randomBytes } from 'node:crypto';
import { MAX_SCIM_TOKENS, SCIM_TOKEN_PREFIX, type TCreateScimTokenResponse, type TScimToken } from '@faxline/shared';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { scimTokens } from './schema';

/** The SHA-256 a token is kept and found by: the secret itself is never stored (as API keys, api-keys/api-keys.ts). */
const hashOfSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
const shownPrefixOf = (secret: string) => secret.slice(0, SCIM_TOKEN_PREFIX.length + 8);
/** `last_used_at` is written at most this often per token: a sync of thousands of people does not write each time. */
const LAST_USED_PRECISION_MS = 60_000;

type TokenRow = typeof scimTokens.$inferSelect;

const toPublicToken = (row: TokenRow): TScimToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The account's tokens that still work, newest first (revoked ones are gone from the list; the audit trail keeps them). */
export async function listScimTokens(db: Database, accountId: string): Promise<TScimToken[]> {
  const rows = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.accountId, accountId), isNull(scimTokens.revokedAt)))
    .orderBy(desc(scimTokens.createdAt));
  return rows.map(toPublicToken);
}

/** A new token for the owner's account: the answer holds its secret, which is never shown again. */
export async function createScimToken(db: Database, actor: Actor, name: string): Promise<TCreateScimTokenResponse> {
  const { accountId } = actor.member;
  const secret = SCIM_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await inTransaction(db, async (tx) => {
    // Counted under the account's lock, so that two creations at once cannot pass the limit together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'scim_tokens:' + accountId}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(scimTokens)
      .where(and(eq(scimTokens.accountId, accountId), isNull(scimTokens.revokedAt)));
    if (n >= MAX_SCIM_TOKENS) throw new AppError('invalid_request', 'scim.tooManyTokens', { max: MAX_SCIM_TOKENS });
    const [created] = await tx
      .insert(scimTokens)
      .values({ accountId, name: name.trim(), prefix: shownPrefixOf(secret), secretHash: hashOfSecret(secret), createdBy: actor.user.id })
      .returning();
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { name: created!.name, prefix: created!.prefix }),
      action: 'scim_token.create',
      objectType: 'scim_token',
      objectId: created!.id,
      outcome: 'success',
    });
    return created!;
  });
  return { token: toPublicToken(row), secret };
}

/** Revokes one of the account's tokens: the identity provider's next request with it answers 401. */
export async function revokeScimToken(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(scimTokens.id, id), eq(scimTokens.accountId, actor.member.accountId), isNull(scimTokens.revokedAt)))
      .returning();
    if (!revoked) throw new AppError('not_found', 'scim.tokenNotFound');
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { name: revoked.name, prefix: revoked.prefix }),
      action: 'scim_token.revoke',
      objectType: 'scim_token',
      objectId: revoked.id,
      outcome: 'success',
    });
  });
}

/** Who calls /scim/v2: the account the token acts for, and the token as the audit trail names it. */
export type ScimCaller = { accountId: string; token: { id: string; name: string; prefix: string } };

/** The caller a secret names, or null (unknown or revoked); its last use is kept, at most once a minute. */
export async function callerOfScimSecret(db: Database, secret: string): Promise<ScimCaller | null> {
  const [row] = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.secretHash, hashOfSecret(secret)), isNull(scimTokens.revokedAt)));
  if (!row) return null;
  const now = new Date();
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - LAST_USED_PRECISION_MS)
    await db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(scimTokens.id, row.id),
          or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS))),
        ),
      );
  return { accountId: row.accountId, token: { id: row.id, name: row.name, prefix: row.prefix } };
}
