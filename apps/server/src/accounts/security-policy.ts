import { HIPAA_SECURITY_DEFAULTS, PASSWORD_MIN_LENGTH, type TSecurityPolicy, type TSecurityPolicyRequest } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { setTwoFactorRequiredByAccount } from '../auth/people';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { plans } from '../plans/schema';
import { auditedBy, type Actor } from './actor';
import { accountMembers, accounts } from './schema';
import { accountSecurityPolicies } from './security-policy-schema';

type Rules = { passwordMinLength: number; requireTwoFactor: boolean };
const PLATFORM_RULES: Rules = { passwordMinLength: PASSWORD_MIN_LENGTH, requireTwoFactor: false };

async function rulesOf(db: Database, accountId: string): Promise<Rules> {
  const [row] = await db
    .select({ passwordMinLength: accountSecurityPolicies.passwordMinLength, requireTwoFactor: accountSecurityPolicies.requireTwoFactor })
    .from(accountSecurityPolicies)
    .where(eq(accountSecurityPolicies.accountId, accountId));
  return row ? { ...row, passwordMinLength: Math.max(row.passwordMinLength, PASSWORD_MIN_LENGTH) } : PLATFORM_RULES;
}

/** GET /api/account/security-policy: the account's password and sign-in rules (decision 109). */
export async function readSecurityPolicy(db: Database, accountId: string): Promise<TSecurityPolicy> {
  const [[plan], rules] = await Promise.all([
    db.select({ isHipaa: plans.isHipaa }).from(accounts).innerJoin(plans, eq(plans.id, accounts.planId)).where(eq(accounts.id, accountId)),
    rulesOf(db, accountId),
  ]);
  return { ...rules, hipaaPlan: plan?.isHipaa ?? false };
}

/** The shortest password a person may choose now: their account's rule (the platform's for a person without one). */
export async function passwordPolicyOfPerson(db: Database, userId: string): Promise<{ minLength: number }> {
  const [row] = await db
    .select({ minLength: accountSecurityPolicies.passwordMinLength })
    .from(accountMembers)
    .innerJoin(accountSecurityPolicies, eq(accountSecurityPolicies.accountId, accountMembers.organizationId))
    .where(eq(accountMembers.userId, userId));
  return { minLength: Math.max(row?.minLength ?? PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH) };
}

/** The shortest password an account's new member may be given (an invitation, the back office). */
export async function passwordMinLengthOf(db: Database, accountId: string): Promise<number> {
  return (await rulesOf(db, accountId)).passwordMinLength;
}

async function writeRules(tx: Database, accountId: string, rules: Rules): Promise<void> {
  await tx
    .insert(accountSecurityPolicies)
    .values({ accountId, ...rules })
    .onConflictDoUpdate({ target: accountSecurityPolicies.accountId, set: { ...rules, updatedAt: sql`now()` } });
  // Two-factor sign-in for everyone is kept on each person, so that each request knows it from the session alone.
  const members = await tx
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(eq(accountMembers.organizationId, accountId));
  await setTwoFactorRequiredByAccount(
    tx,
    members.map((m) => m.userId),
    rules.requireTwoFactor,
  );
}

/**
 * PUT /api/account/security-policy (the owner): a longer shortest password and two-factor sign-in for everyone. A
 * longer minimum counts from each person's next sign-in (auth/password-change.ts); two-factor from their next request.
 */
export async function saveSecurityPolicy(db: Database, actor: Actor, request: TSecurityPolicyRequest): Promise<TSecurityPolicy> {
  const { accountId } = actor.member;
  await inTransaction(db, async (tx) => {
    const before = await rulesOf(tx, accountId);
    const after: Rules = { passwordMinLength: request.passwordMinLength, requireTwoFactor: request.requireTwoFactor };
    await writeRules(tx, accountId, after);
    if (before.passwordMinLength !== after.passwordMinLength || before.requireTwoFactor !== after.requireTwoFactor)
      await recordAuditEvent(tx, {
        ...auditedBy(actor, { from: before, to: after }),
        action: 'account.security_policy',
        objectType: 'account',
        objectId: accountId,
        outcome: 'success',
      });
  });
  return readSecurityPolicy(db, accountId);
}

/**
 * A HIPAA plan's rules, applied as an account arrives on it (like its privacy defaults, accounts/plan-privacy.ts): at
 * least HIPAA_PASSWORD_MIN_LENGTH characters and two-factor sign-in for everyone. A stricter rule already chosen stays;
 * the owner may change them afterwards, as any default.
 */
export async function applyPlanSecurityDefaults(tx: Database, accountId: string, planId: string): Promise<void> {
  const [plan] = await tx.select({ isHipaa: plans.isHipaa }).from(plans).where(eq(plans.id, planId));
  if (!plan?.isHipaa) return;
  const before = await rulesOf(tx, accountId);
  await writeRules(tx, accountId, {
    passwordMinLength: Math.max(before.passwordMinLength, HIPAA_SECURITY_DEFAULTS.passwordMinLength),
    requireTwoFactor: true,
  });
}

/** A person who joins an account takes its two-factor rule (membership.ts addMember). */
export async function applyAccountRulesToNewMember(tx: Database, accountId: string, userId: string): Promise<void> {
  if ((await rulesOf(tx, accountId)).requireTwoFactor) await setTwoFactorRequiredByAccount(tx, [userId], true);
}
