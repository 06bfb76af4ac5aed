import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { accounts } from './schema';

/**
 * A plan's privacy defaults, applied as an account arrives on it (decision 090): on a HIPAA plan, received documents
 * stop travelling in e-mails at once (the setting is turned off, not only overridden), so that the settings page says
 * what happens and leaving the plan later does not start attaching them again unasked.
 */
export async function applyPlanPrivacyDefaults(tx: Database, accountId: string, planId: string): Promise<void> {
  const [plan] = await tx.select({ isHipaa: plans.isHipaa }).from(plans).where(eq(plans.id, planId));
  if (plan?.isHipaa) await tx.update(accounts).set({ documentsInEmail: false }).where(eq(accounts.id, accountId));
}
