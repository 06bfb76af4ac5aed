import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { assignFreeNumber } from '../numbers/numbers';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { accountMembers, accounts } from './schema';

/** The plan a new account starts on. */
export const STARTING_PLAN_SLUG = 'basic';

/**
 * Signing up creates the customer account, makes the person its owner, puts it on the starting plan and gives it a fax
 * number from the inventory when one is free (DESIGN.md). Idempotent: a person who already belongs to an account
 * keeps it.
 */
export async function createOwnerAccount(db: Database, user: { id: string; name: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ accountId: accountMembers.organizationId })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id));
    if (existing) return existing.accountId;
    const id = randomUUID();
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, STARTING_PLAN_SLUG));
    await tx.insert(accounts).values({ id, name: user.name, slug: `account-${id}`, planId: plan?.id ?? null });
    await tx.insert(accountMembers).values({ id: randomUUID(), organizationId: id, userId: user.id, role: 'owner' });
    await assignFreeNumber(tx, id);
    return id;
  });
}
