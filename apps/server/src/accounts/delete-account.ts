import { eq } from 'drizzle-orm';
import { deletePeople } from '../auth/people';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { Database } from '../platform/db/client';
import type { AccountLifecycle } from './account-lifecycle';
import { accountMembers, accounts } from './schema';

/**
 * Deletes a customer account for good (spec 001 §2.5): its faxes and their stored documents, its members
 * (the people, their sessions and credentials go with them), and the account; its numbers go back to the inventory and
 * its subscription ends at the payment provider first.
 * Audit entries stay (they hold ids, not references). Files are removed after the rows, so a crash leaves at worst
 * unreadable orphan files, never a fax pointing at a missing document.
 */
export async function deleteAccount(
  deps: { db: Database; files: FileStore; lifecycle: Pick<AccountLifecycle, 'closing' | 'deleting'> },
  accountId: string,
): Promise<{ people: number; faxes: number }> {
  // First what cannot be rolled back with the database: a refusal here leaves the account whole.
  await deps.lifecycle.closing(accountId);
  const keys: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(eq(accountMembers.organizationId, accountId));
    // Its numbers go back to the inventory and its faxes go (lifecycle.deleting).
    const deletedFaxes = await deps.lifecycle.deleting(tx, accountId);
    keys.push(...deletedFaxes.fileKeys);
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    await deletePeople(
      tx,
      members.map((m) => m.userId),
    );
    return { people: members.length, faxes: deletedFaxes.count };
  });
  await Promise.all(keys.map((key) => deps.files.remove(key)));
  return result;
}
