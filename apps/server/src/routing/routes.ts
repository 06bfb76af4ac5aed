import {
  ZDryRunRequest,
  ZDryRunResult,
  ZOk,
  ZRoutingRule,
  ZRoutingRuleInput,
  ZRoutingRuleList,
  ZRoutingRuleOrder,
  ZRoutingRuleParams,
  type TRoutingRuleInput,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findMembership, mayUseFaxes } from '../accounts/membership';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { inboxOfAccount } from '../inboxes/inboxes';
import { addRule, changeRule, deleteRule, orderRules, rulesOf } from '../inboxes/routing-rules';
import { numberSettingsOf } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { endpointOfAccount } from '../webhooks/endpoints';
import { dryRunRule } from './dry-run';

/**
 * What a rule names must be the account's: its inbox, the person it assigns to (a member who uses faxes), its webhook
 * endpoint and the numbers it looks for. Checked when it is written; the routing job checks again when it runs.
 */
async function assertRuleOfAccount(db: Database, accountId: string, rule: TRoutingRuleInput): Promise<void> {
  const { actions, conditions } = rule;
  if (actions.inboxId && !(await inboxOfAccount(db, accountId, actions.inboxId))) throw new AppError('not_found', 'errors.inboxNotFound');
  if (actions.assigneeId) {
    const member = await findMembership(db, actions.assigneeId);
    if (!member || member.accountId !== accountId || !mayUseFaxes(member)) throw new AppError('invalid_request', 'errors.assigneeNotFound');
  }
  if (actions.webhookId) await endpointOfAccount(db, accountId, actions.webhookId);
  const called = conditions.flatMap((c) => (c.kind === 'called_number' ? c.numbers : []));
  if (called.length) {
    const held = new Set((await numberSettingsOf(db, accountId)).map((n) => n.phoneNumber));
    if (called.some((n) => !held.has(n))) throw new AppError('invalid_request', 'errors.inboxNumberNotFound');
  }
}

/** The account's routing rules and their dry run (decision 104): the owner and sub-admins. */
export const routingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const guard = requireActor('manageInboxes');
  const audit = (
    request: { ip: string },
    actor: ReturnType<typeof actorOf>,
    action: `routing_rule.${string}`,
    id: string,
    details?: object,
  ) =>
    recordAuditEvent(db, {
      actorUserId: actor.user.id,
      accountId: actor.member.accountId,
      ip: request.ip,
      action,
      objectType: 'routing_rule',
      objectId: id,
      outcome: 'success',
      details: details as Record<string, unknown> | undefined,
    });

  app.get('/routing-rules', { schema: { response: { 200: ZRoutingRuleList } }, preHandler: guard }, async (request) => ({
    rules: await rulesOf(db, actorOf(request).member.accountId),
  }));

  app.post(
    '/routing-rules',
    { schema: { body: ZRoutingRuleInput, response: { 200: ZRoutingRule } }, preHandler: guard },
    async (request) => {
      const actor = actorOf(request);
      await assertRuleOfAccount(db, actor.member.accountId, request.body);
      const rule = await addRule(db, actor.member, request.body);
      await audit(request, actor, 'routing_rule.create', rule.id, request.body);
      return rule;
    },
  );

  app.put(
    '/routing-rules/order',
    { schema: { body: ZRoutingRuleOrder, response: { 200: ZRoutingRuleList } }, preHandler: guard },
    async (request) => {
      const actor = actorOf(request);
      const rules = await orderRules(db, actor.member, request.body.ids);
      await audit(request, actor, 'routing_rule.order', actor.member.accountId, { ids: request.body.ids });
      return { rules };
    },
  );

  app.put(
    '/routing-rules/:id',
    { schema: { params: ZRoutingRuleParams, body: ZRoutingRuleInput, response: { 200: ZRoutingRule } }, preHandler: guard },
    async (request) => {
      const actor = actorOf(request);
      await assertRuleOfAccount(db, actor.member.accountId, request.body);
      const rule = await changeRule(db, actor.member, request.params.id, request.body);
      await audit(request, actor, 'routing_rule.update', rule.id, request.body);
      return rule;
    },
  );

  app.delete(
    '/routing-rules/:id',
    { schema: { params: ZRoutingRuleParams, response: { 200: ZOk } }, preHandler: guard },
    async (request) => {
      const actor = actorOf(request);
      await deleteRule(db, actor.member, request.params.id);
      await audit(request, actor, 'routing_rule.delete', request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/routing-rules/dry-run',
    { schema: { body: ZDryRunRequest, response: { 200: ZDryRunResult } }, preHandler: guard },
    async (request) => dryRunRule(db, actorOf(request).member, request.body),
  );
};
