import { MAX_ROUTING_RULES, type TRoutingRule, type TRoutingRuleInput } from '@faxline/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Membership } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { assertMayManageInboxes } from './inboxes';
import { routingRules } from './schema';

/*
 * An account's routing rules as they are kept (decision 104): in order, each with its conditions and actions. What
 * they do to a fax is routing/'s; the table is written here, below the faxes, which ask whether a fax must wait for them.
 */

type RuleInput = Omit<TRoutingRuleInput, 'enabled'> & { enabled: boolean; name: string };

const toRule = (row: typeof routingRules.$inferSelect): TRoutingRule => ({
  id: row.id,
  position: row.position,
  name: row.name,
  enabled: row.enabled,
  conditions: row.conditions,
  actions: row.actions,
});

/** The account's rules in the order they are looked at. */
export async function rulesOf(db: Database, accountId: string, { enabledOnly = false } = {}): Promise<TRoutingRule[]> {
  const rows = await db
    .select()
    .from(routingRules)
    .where(and(eq(routingRules.accountId, accountId), enabledOnly ? eq(routingRules.enabled, true) : undefined))
    .orderBy(asc(routingRules.position), asc(routingRules.createdAt));
  return rows.map(toRule);
}

/** Whether a fax landing now must wait for the account's rules: it has one turned on. */
export async function hasEnabledRules(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: routingRules.id })
    .from(routingRules)
    .where(and(eq(routingRules.accountId, accountId), eq(routingRules.enabled, true)))
    .limit(1);
  return Boolean(row);
}

/** Adds a rule after the account's others. */
export async function addRule(db: Database, member: Membership, input: RuleInput): Promise<TRoutingRule> {
  assertMayManageInboxes(member);
  return inTransaction(db, async (tx) => {
    // One writer at a time per account, so that two rules added at once get two positions.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('routing_rules:' || ${member.accountId}))`);
    const [{ n, last }] = (await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${routingRules.position}), 0)::int` })
      .from(routingRules)
      .where(eq(routingRules.accountId, member.accountId))) as [{ n: number; last: number }];
    if (n >= MAX_ROUTING_RULES) throw new AppError('invalid_request', 'errors.tooManyRules', { max: MAX_ROUTING_RULES });
    const [row] = await tx
      .insert(routingRules)
      .values({
        accountId: member.accountId,
        position: last + 1,
        name: input.name,
        enabled: input.enabled,
        conditions: input.conditions,
        actions: input.actions,
      })
      .returning();
    return toRule(row!);
  });
}

export async function changeRule(db: Database, member: Membership, id: string, input: RuleInput): Promise<TRoutingRule> {
  assertMayManageInboxes(member);
  const [row] = await db
    .update(routingRules)
    .set({ name: input.name, enabled: input.enabled, conditions: input.conditions, actions: input.actions, updatedAt: new Date() })
    .where(and(eq(routingRules.id, id), eq(routingRules.accountId, member.accountId)))
    .returning();
  if (!row) throw new AppError('not_found', 'errors.ruleNotFound');
  return toRule(row);
}

export async function deleteRule(db: Database, member: Membership, id: string): Promise<void> {
  assertMayManageInboxes(member);
  const deleted = await db
    .delete(routingRules)
    .where(and(eq(routingRules.id, id), eq(routingRules.accountId, member.accountId)))
    .returning({ id: routingRules.id });
  if (!deleted[0]) throw new AppError('not_found', 'errors.ruleNotFound');
}

/** Puts the account's rules in this order: every one of them, each once (else the list changed meanwhile). */
export async function orderRules(db: Database, member: Membership, ids: readonly string[]): Promise<TRoutingRule[]> {
  assertMayManageInboxes(member);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('routing_rules:' || ${member.accountId}))`);
    const current = await rulesOf(tx, member.accountId);
    const known = new Set(current.map((rule) => rule.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new AppError('conflict', 'errors.ruleOrderMismatch');
    for (const [index, id] of ids.entries())
      await tx
        .update(routingRules)
        .set({ position: index + 1 })
        .where(eq(routingRules.id, id));
    return rulesOf(tx, member.accountId);
  });
}

/** The rule, while it still forwards faxes to the address (what an unsubscribe link from its e-mails stops). */
export async function forwardingRuleOf(db: Database, accountId: string, ruleId: string, address: string) {
  const [rule] = await db
    .select({ id: routingRules.id, name: routingRules.name, actions: routingRules.actions })
    .from(routingRules)
    .where(and(eq(routingRules.id, ruleId), eq(routingRules.accountId, accountId)));
  return rule && rule.actions.forwardTo.some((to) => to.toLowerCase() === address.toLowerCase()) ? rule : null;
}

/** Takes an address off a rule's forwarding (an unsubscribe link): the rule keeps its other actions. */
export async function removeForwardAddress(db: Database, accountId: string, ruleId: string, address: string): Promise<void> {
  await db
    .update(routingRules)
    .set({
      actions: sql`jsonb_set(${routingRules.actions}, '{forwardTo}', coalesce((SELECT jsonb_agg(a) FROM jsonb_array_elements_text(${routingRules.actions} -> 'forwardTo') AS a WHERE lower(a) <> lower(${address})), '[]'::jsonb))`,
      updatedAt: new Date(),
    })
    .where(and(eq(routingRules.id, ruleId), eq(routingRules.accountId, accountId)));
}
