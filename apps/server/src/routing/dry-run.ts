import { DRY_RUN_FAXES, type TDryRunResult, type TRoutingRule, type TRoutingRuleInput } from '@faxline/shared';
import { faxHeaderOf } from '../accounts/fax-settings';
import type { Membership } from '../accounts/membership';
import { recentReceivedFaxes } from '../faxes/fax-records';
import { assertMayManageInboxes } from '../inboxes/inboxes';
import { rulesOf } from '../inboxes/routing-rules';
import type { Database } from '../platform/db/client';
import { verdictsOf, wordsMatchOf } from './evaluate';

/**
 * A rule's dry run (decision 104): which of the account's last DRY_RUN_FAXES received faxes the rule, as written and
 * not saved, would have matched, each condition with what the fax showed; and whether a rule before it (the enabled
 * rules before a saved rule's place, every enabled rule for a new one, which goes last) would have taken it first. The
 * evaluation is the routing job's own.
 */
export async function dryRunRule(
  db: Database,
  member: Membership,
  input: { rule: Pick<TRoutingRuleInput, 'conditions'>; ruleId: string | null },
): Promise<TDryRunResult> {
  assertMayManageInboxes(member);
  const [recent, saved, header] = await Promise.all([
    recentReceivedFaxes(db, member.accountId, DRY_RUN_FAXES),
    rulesOf(db, member.accountId),
    faxHeaderOf(db, member.accountId),
  ]);
  const timeZone = header?.timeZone ?? 'UTC';
  const before = rulesBefore(saved, input.ruleId);
  const rule = { conditions: input.rule.conditions } as Pick<TRoutingRule, 'conditions'>;
  const words = await wordsMatchOf(
    db,
    [rule, ...before],
    recent.map((fax) => fax.id),
  );
  const results = recent.map((fax) => {
    const { verdicts, matched } = verdictsOf(rule, fax, timeZone, words);
    const earlier = matched ? before.find((other) => verdictsOf(other, fax, timeZone, words).matched) : undefined;
    return {
      id: fax.id,
      createdAt: fax.createdAt.toISOString(),
      fromNumber: fax.fromNumber,
      toNumber: fax.toNumber,
      pages: fax.pages,
      matched,
      verdicts,
      takenBy: earlier ? { ruleId: earlier.id, ruleName: earlier.name } : null,
    };
  });
  return { examined: recent.length, placed: results.filter((r) => r.matched && !r.takenBy).length, faxes: results };
}

/** The enabled rules looked at before this one: those before its place, or all of them for a rule not yet saved. */
function rulesBefore(rules: TRoutingRule[], ruleId: string | null): TRoutingRule[] {
  const self = rules.find((rule) => rule.id === ruleId);
  return rules.filter((rule) => rule.enabled && rule.id !== ruleId && (!self || rule.position < self.position));
}
