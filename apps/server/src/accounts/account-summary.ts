import type { TAccountSummary } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import type { Membership } from './membership';
import { accountMembers, accounts } from './schema';

/** GET /api/account: the account a member acts for, their role, its owner and plan, and the platform's welcome. */
export async function accountSummary(db: Database, member: Membership, welcomeMessage: string): Promise<TAccountSummary> {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      plan: {
        id: plans.id,
        name: plans.name,
        apiAccess: plans.apiAccess,
        webhooks: plans.webhooks,
        faxToEmail: plans.faxToEmail,
        maxUsers: plans.maxUsers,
      },
      ownerEmail: users.email,
    })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(accountMembers, and(eq(accountMembers.organizationId, accounts.id), eq(accountMembers.role, 'owner')))
    .leftJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accounts.id, member.accountId))
    .limit(1);
  if (!row) throw new Error(`Account ${member.accountId} of a membership is missing`);
  return {
    id: row.id,
    name: row.name,
    role: member.role,
    ownerEmail: row.ownerEmail ?? '',
    plan: row.plan,
    welcomeMessage: welcomeMessage.trim() || null,
  };
}
