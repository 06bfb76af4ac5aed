import { eq, inArray } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { faxes } from '../faxes/schema';
import { storedFilesOf } from '../faxes/stored-files';
import { faxNumbers } from '../numbers/schema';
import type { Database } from '../platform/db/client';
import { accountMembers, accounts } from './schema';

/**
 * Deletes a customer account for good (spec 001 §2.5, issue 6): its faxes and their stored documents, its members
 * (the people, their sessions and credentials go with them), and the account; its numbers go back to the inventory.
 * Audit entries stay (they hold ids, not references). Files are removed after the rows, so a crash leaves at worst
 * unreadable orphan files, never a fax pointing at a missing document.
 */
export async function deleteAccount(
  deps: { db: Database; files: FileStore },
  accountId: string,
): Promise<{ people: number; faxes: number }> {
  const keys: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const accountFaxes = await tx.select().from(faxes).where(eq(faxes.accountId, accountId));
    keys.push(
      ...(await storedFilesOf(
        tx,
        accountFaxes.map((fax) => fax.id),
      )),
    );

    const members = await tx
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(eq(accountMembers.organizationId, accountId));
    await tx.update(faxNumbers).set({ status: 'available', accountId: null, assignedAt: null }).where(eq(faxNumbers.accountId, accountId));
    await tx.delete(faxes).where(eq(faxes.accountId, accountId));
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    if (members.length)
      await tx.delete(users).where(
        inArray(
          users.id,
          members.map((m) => m.userId),
        ),
      );
    return { people: members.length, faxes: accountFaxes.length };
  });
  await Promise.all(keys.map((key) => deps.files.remove(key)));
  return result;
}
