import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { accounts } from './schema';

/**
 * What the account itself keeps of how its faxes look and travel: the header line above each page, and whether a
 * received fax is e-mailed with its documents. The settings pages that show them beside each number's own settings
 * live with those numbers (numbers/fax-identity.ts) and with the fax e-mails (fax-emails/fax-email-settings.ts).
 */
export async function faxHeaderOf(db: Database, accountId: string) {
  const [account] = await db
    .select({ accountName: accounts.name, enabled: accounts.faxHeaderEnabled, name: accounts.faxHeaderName, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account ?? null;
}

export async function saveFaxHeader(db: Database, accountId: string, header: { enabled: boolean; name: string | null; timeZone: string }) {
  await db
    .update(accounts)
    .set({ faxHeaderEnabled: header.enabled, faxHeaderName: header.name, timeZone: header.timeZone })
    .where(eq(accounts.id, accountId));
}

/** Whether received faxes go out with their documents, and whether the plan forbids it (a HIPAA plan). */
export async function documentsInEmailOf(db: Database, accountId: string) {
  const [account] = await db
    .select({ documentsInEmail: accounts.documentsInEmail, isHipaa: plans.isHipaa })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  return account ?? null;
}

export async function saveDocumentsInEmail(db: Database, accountId: string, documentsInEmail: boolean) {
  await db.update(accounts).set({ documentsInEmail }).where(eq(accounts.id, accountId));
}
