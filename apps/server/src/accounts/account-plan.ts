import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { applyPlanPrivacyDefaults } from './plan-privacy';
import { applyPlanSecurityDefaults } from './security-policy';
import { accounts } from './schema';

/**
 * Puts an account on a plan (its pages, its features, its privacy defaults); answers the plan it was on, or undefined when it was already on
 * this one or does not exist. The account's row is locked until the caller's transaction ends.
 */
export async function moveAccountToPlan(tx: Database, accountId: string, planId: string): Promise<{ from: string | null } | undefined> {
  const [account] = await tx.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!account || account.planId === planId) return undefined;
  await tx.update(accounts).set({ planId }).where(eq(accounts.id, accountId));
  await applyPlanPrivacyDefaults(tx, accountId, planId);
  await applyPlanSecurityDefaults(tx, accountId, planId);
  return { from: account.planId };
}
