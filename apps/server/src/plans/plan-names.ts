import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from './schema';

/** A plan's name by its id, archived plans included; null when there is no such plan. */
export async function planNameOf(db: Database, planId: string): Promise<string | null> {
  const [row] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
  return row?.name ?? null;
}
