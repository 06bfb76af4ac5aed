import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { accounts } from './schema';

/** Whether the account is still there (a provider's late event may name one deleted since). */
export async function accountExists(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row !== undefined;
}
