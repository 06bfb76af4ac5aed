import { and, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inboxNumbers, inboxes } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The inbox each of the account's numbers lands in, by phone number (a number in none is absent). */
export async function landingInboxesOf(db: Database | Tx, accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ phoneNumber: inboxNumbers.phoneNumber, inboxId: inboxNumbers.inboxId })
    .from(inboxNumbers)
    .where(eq(inboxNumbers.accountId, accountId));
  return new Map(rows.map((row) => [row.phoneNumber, row.inboxId]));
}

/**
 * Names the inbox one number's received faxes land in (decision 103), or none (null): the numbers page's choice, the
 * same rows the inbox form writes. An inbox of another account is refused (404, as one that does not exist).
 */
export async function setNumberInbox(db: Database | Tx, accountId: string, phoneNumber: string, inboxId: string | null): Promise<void> {
  if (inboxId === null) {
    await db.delete(inboxNumbers).where(and(eq(inboxNumbers.accountId, accountId), eq(inboxNumbers.phoneNumber, phoneNumber)));
    return;
  }
  const [inbox] = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.id, inboxId), eq(inboxes.accountId, accountId)));
  if (!inbox) throw new AppError('not_found', 'errors.inboxNotFound');
  await db
    .insert(inboxNumbers)
    .values({ accountId, phoneNumber, inboxId })
    .onConflictDoUpdate({ target: [inboxNumbers.accountId, inboxNumbers.phoneNumber], set: { inboxId } });
}
