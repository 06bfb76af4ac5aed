import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { accountMembers, accounts } from './schema';
import { userSettings } from './settings-schema';

/**
 * A customer the back office's notices reach (decision 118): an active member of an account, with what decides how
 * they are written to (their language, whether their address can be written to, their service-notices preference).
 */
export type TNoticeAudienceMember = {
  userId: string;
  accountId: string;
  email: string;
  name: string;
  language: string;
  emailVerified: boolean;
  banned: boolean;
  /** Null until the person saves preferences: the default (on) then applies. */
  serviceNotices: boolean | null;
};

/**
 * The active members of every account (planId null) or of the accounts on one plan, a page at a time in a stable
 * order (by account, then person) from after the last one given, so that a long list is read in several queries.
 * A person in two accounts appears once per account: each account's people are told.
 */
export async function noticeAudiencePage(
  db: Database,
  input: { planId: string | null; after: { accountId: string; userId: string } | null; limit: number },
): Promise<TNoticeAudienceMember[]> {
  const after = input.after;
  return db
    .select({
      userId: users.id,
      accountId: accountMembers.organizationId,
      email: users.email,
      name: users.name,
      language: users.language,
      emailVerified: users.emailVerified,
      banned: users.banned,
      serviceNotices: userSettings.serviceNotices,
    })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.organizationId))
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        isNull(accountMembers.deactivatedAt),
        input.planId ? eq(accounts.planId, input.planId) : undefined,
        after
          ? // (account, person) after the last one read, compared as a pair.
            sql`(${accountMembers.organizationId}, ${accountMembers.userId}) > (${after.accountId}, ${after.userId})`
          : undefined,
      ),
    )
    .orderBy(asc(accountMembers.organizationId), asc(accountMembers.userId))
    .limit(input.limit)
    .then((rows) => rows.map((row) => ({ ...row, banned: row.banned ?? false })));
}

/** The names of these accounts by id; an account since deleted is left out. */
export async function accountNamesOf(db: Database, accountIds: readonly string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
