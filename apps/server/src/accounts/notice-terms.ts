import type { TLanguage } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { languageOf } from '../auth/auth';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { accountMembers, accounts } from './schema';

/**
 * How an account's notices to a shared place (a chat channel) are written: in its owner's language, with its own time
 * zone, and whether its plan is a HIPAA plan (whose notices carry no fax details). Null when the account is gone.
 */
export type TNoticeTerms = { language: TLanguage; timeZone: string; hipaaPlan: boolean };

export async function noticeTermsOf(db: Database, accountId: string): Promise<TNoticeTerms | null> {
  const [account] = await db
    .select({ timeZone: accounts.timeZone, isHipaa: plans.isHipaa, ownerLanguage: users.language })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(accountMembers, and(eq(accountMembers.organizationId, accounts.id), eq(accountMembers.role, 'owner')))
    .leftJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) return null;
  return { language: languageOf(account.ownerLanguage), timeZone: account.timeZone, hipaaPlan: account.isHipaa ?? false };
}
