import { count, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { PlanUse } from '../plans/manage-plans';
import { accounts } from './schema';

/** How many accounts are on each plan, as the back office's plans ask it of the accounts, which name their plan. */
export const planUse: PlanUse = {
  countsByPlan: async (db: Database) => {
    const rows = await db
      .select({ planId: accounts.planId, accounts: count() })
      .from(accounts)
      .where(sql`${accounts.planId} IS NOT NULL`)
      .groupBy(accounts.planId);
    return new Map(rows.map((row) => [row.planId!, row.accounts]));
  },
  onPlan: (planId) => sql<number>`(SELECT count(*)::int FROM ${accounts} WHERE ${accounts.planId} = ${planId})`,
};
