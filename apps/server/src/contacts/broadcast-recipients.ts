import { and, arrayOverlaps, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { contacts } from './schema';

/**
 * The contacts a broadcast names (decision 111): those chosen one by one and every one carrying one of the tags, of
 * this account only (an id of another account's contact finds nothing), in name order.
 */
export async function contactsForBroadcast(
  db: Database,
  accountId: string,
  chosen: { ids: readonly string[]; tags: readonly string[] },
): Promise<{ name: string; faxNumber: string; stationId: string | null }[]> {
  const conditions = [
    ...(chosen.ids.length > 0 ? [inArray(contacts.id, [...chosen.ids])] : []),
    ...(chosen.tags.length > 0 ? [arrayOverlaps(contacts.tags, [...chosen.tags])] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select({ name: contacts.name, faxNumber: contacts.faxNumber, stationId: contacts.stationId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...conditions)))
    .orderBy(asc(contacts.name), asc(contacts.id));
}
