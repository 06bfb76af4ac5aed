import type { TRetentionPolicyChange, TRetentionSettings } from '@faxline/shared';
import { documentsInEmailOf } from '../accounts/fax-settings';
import type { Actor } from '../accounts/actor';
import { auditedBy } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { listInboxes } from '../inboxes/inboxes';
import type { Database } from '../platform/db/client';
import { activeHoldsOf, heldBy } from './holds';
import { inboxPeriodsOf, policyOf, saveInboxPeriod, savePolicy } from './policy';
import { nextDeletionOf } from './run-retention';

/**
 * The account's retention as the settings show it: its period and mode, whether it was ever chosen (a HIPAA plan's
 * owner is asked until it is), each inbox's own period, the next run with the faxes it would clear, and an account hold.
 */
export async function retentionSettingsOf(db: Database, actor: Actor): Promise<TRetentionSettings> {
  const { accountId } = actor.member;
  const [policy, periods, plan, holds, next, inboxes] = await Promise.all([
    policyOf(db, accountId),
    inboxPeriodsOf(db, accountId),
    documentsInEmailOf(db, accountId),
    activeHoldsOf(db, accountId),
    nextDeletionOf({ db }, accountId),
    listInboxes(db, actor.member, actor.user.id, new Map()),
  ]);
  return {
    days: policy?.days ?? null,
    zeroFootprint: policy?.zeroFootprint ?? false,
    chosenAt: policy?.updatedAt.toISOString() ?? null,
    mustChoose: Boolean(plan?.isHipaa) && policy === null,
    inboxes: inboxes.inboxes.map((inbox) => ({
      id: inbox.id,
      name: inbox.name,
      days: periods.has(inbox.id) ? (periods.get(inbox.id) ?? null) : ('inherit' as const),
    })),
    nextRun: { at: next.at.toISOString(), faxes: next.faxes },
    accountHeld: heldBy(holds).whole,
  };
}

/** Saves the account's policy, audited with what it was and what it is. */
export async function changeRetentionPolicy(db: Database, actor: Actor, change: TRetentionPolicyChange): Promise<void> {
  const before = await policyOf(db, actor.member.accountId);
  await savePolicy(db, actor.member.accountId, actor.user.id, change);
  await recordAuditEvent(db, {
    ...auditedBy(actor, { from: before ? { days: before.days, zeroFootprint: before.zeroFootprint } : null, to: change }),
    action: 'retention.policy_changed',
    objectType: 'account',
    objectId: actor.member.accountId,
    outcome: 'success',
  });
}

/** Gives one of the account's inboxes its own period (or the account's again), audited. */
export async function changeInboxRetention(db: Database, actor: Actor, inboxId: string, days: number | null | 'inherit'): Promise<void> {
  await saveInboxPeriod(db, actor.member.accountId, inboxId, { days });
  await recordAuditEvent(db, {
    ...auditedBy(actor, { days }),
    action: 'retention.inbox_policy_changed',
    objectType: 'inbox',
    objectId: inboxId,
    outcome: 'success',
  });
}
