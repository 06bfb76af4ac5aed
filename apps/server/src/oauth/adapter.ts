import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../platform/db/client';
import { oauthRecords } from './schema';

/**
 * oidc-provider's storage on our PostgreSQL (its adapter interface): one row per model instance, with the columns its
 * look-ups need (grant, interaction uid, user code). An expired row is never answered; the sweep removes them.
 */
export function postgresAdapterOf(db: Database) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oauthRecords)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.id], set: row });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oauthRecords)
        .where(
          and(eq(oauthRecords.model, this.model), condition, or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, new Date()))),
        )
        .limit(1);
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findWhere(eq(oauthRecords.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oauthRecords.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oauthRecords.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oauthRecords)
        .set({ consumedAt: new Date() })
        .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oauthRecords).where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeGrantRecords(db, grantId);
    }
  };
}

/** Every code and token of a grant, and the grant itself: what a revoked connection leaves behind. */
export async function revokeGrantRecords(db: Database, grantId: string): Promise<void> {
  await db
    .delete(oauthRecords)
    .where(or(eq(oauthRecords.grantId, grantId), and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, grantId))));
}
