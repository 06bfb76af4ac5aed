import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { webhookMessages } from './schema';

/** How many messages of these events still have tries left (neither delivered nor given up). */
export async function pendingMessagesOf(db: Database, eventIds: readonly string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookMessages)
    .where(and(inArray(webhookMessages.eventId, [...eventIds]), eq(webhookMessages.status, 'pending')));
  return row?.count ?? 0;
}
