import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { accountMembers, accounts } from './schema';

/**
 * Signing up creates the customer account and makes the person its owner (DESIGN.md). Idempotent: a person who
 * already belongs to an account keeps it.
 */
export async function createOwnerAccount(db: Database, user: { id: string; name: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ accountId: accountMembers.organizationId })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id));
    if (existing) return existing.accountId;
    const id = randomUUID();
    await tx.insert(accounts).values({ id, name: user.name, slug: `account-${id}` });
    await tx.insert(accountMembers).values({ id: randomUUID(), organizationId: id, userId: user.id, role: 'owner' });
    return id;
  });
}
