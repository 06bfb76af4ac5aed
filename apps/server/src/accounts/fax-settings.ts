import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { accounts } from './schema';

/**
 * What the account itself keeps of how its faxes look and travel: the header line above each page, and whether a
 * received fax is e-mailed with its documents, and whether the words of its faxes are read. The settings pages that show them beside each number's own settings
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

/** Whether the words of the account's faxes are read (decision 099); null for an account that is gone. */
export async function readsFaxTextOf(db: Database, accountId: string): Promise<boolean | null> {
  const [account] = await db.select({ readsFaxText: accounts.readsFaxText }).from(accounts).where(eq(accounts.id, accountId));
  return account?.readsFaxText ?? null;
}

/** The account's reading settings: whether faxes are read, and below which confidence a class waits for review. */
export async function faxTextSettingsOf(db: Database, accountId: string) {
  const [account] = await db
    .select({ readsFaxText: accounts.readsFaxText, reviewBelow: accounts.reviewBelow })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account ?? { readsFaxText: false, reviewBelow: 0.6 };
}

export async function saveFaxTextSettings(db: Database, accountId: string, settings: { readsFaxText: boolean; reviewBelow?: number }) {
  await db.update(accounts).set(settings).where(eq(accounts.id, accountId));
}

/** Which of these accounts have the words of their faxes read: one query for a batch of events. */
export async function accountsReadingFaxText(db: Database, accountIds: string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...new Set(accountIds)]), eq(accounts.readsFaxText, true)));
  return new Set(rows.map((row) => row.id));
}
