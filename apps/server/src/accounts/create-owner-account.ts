import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import { STARTING_PLAN_SLUG } from '../plans/catalogue';
import { plans } from '../plans/schema';
import type { AccountLifecycle } from './account-lifecycle';
import { accountMembers, accounts } from './schema';

/** An account just opened, as what follows its opening sees it. */
export type OpenedAccount = { id: string; name: string; owner: { id: string; name: string; email: string } };
/**
 * What else happens when an account is opened, in the same transaction (the sign-up's e-mail to the operators):
 * `client` queues jobs in it, so they exist if and only if the account does.
 */
export type OnAccountOpened = (tx: Database, client: SqlExecutor, account: OpenedAccount) => Promise<void>;

/**
 * Signing up creates the customer account, makes the person its owner, puts it on the starting plan and gives it a fax
 * number from the inventory when one is free (DESIGN.md); the back office's bell hears of it (both `lifecycle.opened`).
 * Idempotent: a person who already belongs to an account keeps it, and nothing is announced again. A person who no
 * longer exists gets no account: 401, as for a session that ended.
 */
export async function createOwnerAccount(
  deps: { db: Database; lifecycle: Pick<AccountLifecycle, 'opened'> },
  user: { id: string; name: string; email: string },
  onOpened?: OnAccountOpened,
): Promise<string> {
  const { db, lifecycle } = deps;
  return inTransaction(db, async (tx, client) => {
    // A session's signed copy may still name a person removed a moment ago: held until the commit, the row cannot go
    // while the account is opened, and a person already gone is refused as signed out (not a constraint error).
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('key share');
    if (!person) throw new AppError('authentication_error', 'errors.unauthenticated');
    const [existing] = await tx
      .select({ accountId: accountMembers.organizationId })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id));
    if (existing) return existing.accountId;
    const id = randomUUID();
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, STARTING_PLAN_SLUG));
    await tx.insert(accounts).values({ id, name: user.name, slug: `account-${id}`, planId: plan?.id ?? null });
    await tx.insert(accountMembers).values({ id: randomUUID(), organizationId: id, userId: user.id, role: 'owner' });
    const announced = await lifecycle.opened(tx, id);
    if (announced && onOpened) await onOpened(tx, client, { id, name: user.name, owner: user });
    return id;
  });
}
