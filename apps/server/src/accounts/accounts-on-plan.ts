import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { accounts } from './schema';

/**
 * How many accounts are on a plan, as SQL over the plan's id (a value, or a column for a count per row): the back
 * office's plans ask it of the accounts, which name their plan, as they show a plan's use or delete an unused one.
 */
export const accountsOnPlan = (planId: SQLWrapper | string): SQL<number> =>
  sql<number>`(SELECT count(*)::int FROM ${accounts} WHERE ${accounts.planId} = ${planId})`;
