import type { TInboxRetentionChange, TRetentionPolicyChange } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inboxOfAccount } from '../inboxes/inboxes';
import { inboxRetentionPolicies, retentionPolicies } from './schema';

/** An account's policy as kept; null when none was ever chosen (faxes kept forever, no zero-footprint). */
export async function policyOf(db: Database, accountId: string) {
  const [row] = await db.select().from(retentionPolicies).where(eq(retentionPolicies.accountId, accountId));
  return row ?? null;
}

/** Saves the account's policy (the choice counts as made, which ends a HIPAA plan's prompt). */
export async function savePolicy(db: Database, accountId: string, userId: string, policy: TRetentionPolicyChange): Promise<void> {
  const values = { days: policy.days, zeroFootprint: policy.zeroFootprint, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(retentionPolicies)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: retentionPolicies.accountId, set: values });
}

/** Each inbox's own period, by inbox id (inboxes without one follow the account's). */
export async function inboxPeriodsOf(db: Database, accountId: string): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ inboxId: inboxRetentionPolicies.inboxId, days: inboxRetentionPolicies.days })
    .from(inboxRetentionPolicies)
    .where(eq(inboxRetentionPolicies.accountId, accountId));
  return new Map(rows.map((row) => [row.inboxId, row.days]));
}

/** Gives an inbox of the account its own period, or (`inherit`) lets it follow the account's again. */
export async function saveInboxPeriod(db: Database, accountId: string, inboxId: string, change: TInboxRetentionChange): Promise<void> {
  if (!(await inboxOfAccount(db, accountId, inboxId))) throw new AppError('not_found', 'errors.inboxNotFound');
  if (change.days === 'inherit') {
    await db
      .delete(inboxRetentionPolicies)
      .where(and(eq(inboxRetentionPolicies.inboxId, inboxId), eq(inboxRetentionPolicies.accountId, accountId)));
    return;
  }
  const values = { days: change.days, updatedAt: new Date() };
  await db
    .insert(inboxRetentionPolicies)
    .values({ inboxId, accountId, ...values })
    .onConflictDoUpdate({ target: inboxRetentionPolicies.inboxId, set: values });
}

/** The accounts a daily run looks at: those with a period on the account or on one of its inboxes. */
export async function accountsWithPeriods(db: Database): Promise<string[]> {
  const [withAccountPeriod, withInboxPeriod] = await Promise.all([
    db.select({ accountId: retentionPolicies.accountId }).from(retentionPolicies),
    db.selectDistinct({ accountId: inboxRetentionPolicies.accountId }).from(inboxRetentionPolicies),
  ]);
  return [...new Set([...withAccountPeriod, ...withInboxPeriod].map((row) => row.accountId))];
}

/** Of these accounts, those in zero-footprint mode. */
export async function zeroFootprintAccounts(db: Database, accountIds?: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ accountId: retentionPolicies.accountId })
    .from(retentionPolicies)
    .where(and(eq(retentionPolicies.zeroFootprint, true), accountIds ? inArray(retentionPolicies.accountId, [...accountIds]) : undefined));
  return rows.map((row) => row.accountId);
}
