import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { inboxes, inboxMembers } from './schema';

// Who belongs to an inbox, changed one person at a time by what else decides it: a group of the account's identity
// provider mapped to the inbox (SCIM, decision 107). The inbox page still saves its whole list (inboxes.ts saveInbox).

/** The account's inboxes, by name: what a group may map to. */
export async function inboxChoicesOf(db: Database, accountId: string): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: inboxes.id, name: inboxes.name }).from(inboxes).where(eq(inboxes.accountId, accountId)).orderBy(asc(inboxes.name));
}

/** Puts these members of the account in the inbox (those already in it stay as they are). */
export async function addInboxMembers(db: Database, accountId: string, inboxId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(inboxMembers)
    .values(userIds.map((userId) => ({ inboxId, userId, accountId })))
    .onConflictDoNothing();
}

/** Takes these people out of the inbox. */
export async function removeInboxMembers(db: Database, accountId: string, inboxId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.inboxId, inboxId), inArray(inboxMembers.userId, [...userIds])));
}
