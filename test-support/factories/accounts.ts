import type { TGivenRole } from '@faxline/shared';
import { eq, isNull } from 'drizzle-orm';
import { accountOpening } from '../../apps/server/src/account-lifecycle';
import { accounts } from '../../apps/server/src/accounts/schema';
import type { Auth } from '../../apps/server/src/auth/auth';
import { createPerson, type NewPerson } from '../../apps/server/src/accounts/create-person';
import { numbersOfAccount } from '../../apps/server/src/numbers/numbers';
import type { Database } from '../../apps/server/src/platform/db/client';
import { plans } from '../../apps/server/src/plans/schema';
import { PASSWORD, uniqueEmail } from './values';

export type FactoryDeps = { auth: Auth; db: Database };
export type TestPerson = Awaited<ReturnType<typeof createUser>>;

/**
 * A person created the way operators, the seed and the members page create them (`createPerson`: already confirmed,
 * the sign-up rules, their own account as its owner unless `account` says to join one). Returns what was given, the
 * password included, with their id and their account's id.
 */
export async function createUser(deps: FactoryDeps, overrides: Partial<NewPerson> = {}) {
  const person = { name: 'Ada Lovelace', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const { id, accountId } = await createPerson({ ...deps, lifecycle: accountOpening }, person);
  return { id, accountId, ...person };
}

/** A plan by id or slug, or the first one with no page limit (the seeded catalogue has one). */
export type PlanChoice = { id: string } | { slug: string } | { unlimited: true };

export type NewAccount = {
  /** The owner (`createUser`'s overrides); the account takes their name, as at sign-up. */
  owner?: Partial<NewPerson>;
  /** People added to the account in these roles, as the members page adds them. */
  members?: Array<{ role: TGivenRole } & Partial<NewPerson>>;
  /** Another plan than the starting one. */
  plan?: PlanChoice;
  /** When the account was opened (a new account has a daily sending limit: decision 025). */
  createdAt?: Date;
};

/**
 * An account with its owner and its fax number (`number`, null when the inventory had none free), optionally members,
 * another plan, another age.
 */
export async function createAccount(deps: FactoryDeps, options: NewAccount = {}) {
  const owner = await createUser(deps, options.owner);
  const members: TestPerson[] = [];
  for (const { role, ...member } of options.members ?? [])
    members.push(await createUser(deps, { ...member, account: { join: owner.accountId, role } }));
  const planId = options.plan ? await planIdOf(deps.db, options.plan) : undefined;
  if (planId || options.createdAt)
    await deps.db
      .update(accounts)
      .set({ ...(planId ? { planId } : {}), ...(options.createdAt ? { createdAt: options.createdAt } : {}) })
      .where(eq(accounts.id, owner.accountId));
  const [number] = await numbersOfAccount(deps.db, owner.accountId);
  return { id: owner.accountId, owner, members, number: number?.phoneNumber ?? null };
}

async function planIdOf(db: Database, choice: PlanChoice): Promise<string> {
  if ('id' in choice) return choice.id;
  const where = 'slug' in choice ? eq(plans.slug, choice.slug) : isNull(plans.pagesPerMonth);
  const [plan] = await db.select({ id: plans.id }).from(plans).where(where).limit(1);
  if (!plan) throw new Error(`No plan ${JSON.stringify(choice)} in the test database`);
  return plan.id;
}
