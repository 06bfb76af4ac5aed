import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from './schema';

/** A plan's name by its id, archived plans included; null when there is no such plan. */
export async function planNameOf(db: Database, planId: string): Promise<string | null> {
  const [row] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
  return row?.name ?? null;
}

/** The names of these plans by id (archived ones included); an id with no plan is left out. */
export async function planNamesOf(db: Database, planIds: readonly string[]): Promise<Map<string, string>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(inArray(plans.id, [...planIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
