import { MAX_ROUTING_RULES, type TRoutingRule } from '@faxline/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/form-field';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useInboxes } from '@/lib/inboxes/get-inboxes';

import { useAccountNumbers } from '../api/get-account-numbers';
import { useAccountPeople } from '../api/get-account-people';
import { useRoutingRules } from '../api/get-routing-rules';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useReorderRoutingRules } from '../api/reorder-routing-rules';
import { useUpdateRoutingRule } from '../api/update-routing-rule';
import { movedIds } from '../utils/rule-order';

import { DeleteRuleDialog } from './delete-rule-dialog';
import { focusFirstOf } from './rule-editor-focus';
import { RuleEditorDialog } from './rule-editor-dialog';
import { RuleItem, type TRuleAction } from './rule-item';
import type { TRulePickers } from './rule-pickers';
import { serverProblemOf } from './server-problem';
import { useRuleWords } from './use-rule-words';

type TAsking = { action: TRuleAction | 'create'; rule: TRoutingRule | null; trigger: HTMLButtonElement };

/** The rules once they and what their fields choose among have arrived; a loading line before, a retry if not. */
export function RoutingRulesManager() {
  const { t } = useTranslation('routing');
  const rules = useRoutingRules();
  const inboxes = useInboxes();
  const people = useAccountPeople();
  const numbers = useAccountNumbers();
  // Without its endpoints (a plan without webhooks) a rule still works: it simply posts to none.
  const webhooks = useWebhookEndpoints();
  const needed = [rules, inboxes, people, numbers];

  const pickers = useMemo<TRulePickers | null>(
    () =>
      inboxes.data && people.data && numbers.data
        ? { numbers: numbers.data, inboxes: inboxes.data.inboxes, people: people.data, webhooks: webhooks.data ?? null }
        : null,
    [inboxes.data, people.data, numbers.data, webhooks.data],
  );

  const failed = needed.find((query) => query.isError);
  if (failed)
    return (
      <LoadFailed
        title={t('rules.list.loadFailed')}
        error={failed.error}
        retryLabel={t('rules.list.retry')}
        onRetry={() => void Promise.all(needed.map((query) => query.refetch()))}
      />
    );
  // The endpoints are waited for too (briefly), so that a rule's webhook is named in its summary from the start.
  if (!rules.data || !pickers || webhooks.isPending) return <Loading>{t('rules.list.loading')}</Loading>;
  return <RulesList rules={rules.data.rules} pickers={pickers} />;
}

/** The rules in the order they are tried, their switches and move buttons, New rule, and the editor and delete dialogs. */
function RulesList({ rules, pickers }: { rules: readonly TRoutingRule[]; pickers: TRulePickers }) {
  const { t, i18n } = useTranslation(['routing', 'errors']);
  const id = useId();
  const words = useRuleWords(pickers);
  const reorder = useReorderRoutingRules();
  const update = useUpdateRoutingRule();
  const [asking, setAsking] = useState<TAsking | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The moved rule's buttons, to focus once the new order is drawn (the one it was moved with, or the other at an end).
  const [focusNext, setFocusNext] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const full = rules.length >= MAX_ROUTING_RULES;
  const busy = reorder.isPending || update.isPending;

  useEffect(() => {
    if (!focusNext || busy) return;
    focusFirstOf(focusNext);
    setFocusNext(null);
  }, [focusNext, busy, rules]);

  const failed = (error: unknown) => setRefusal(serverProblemOf(error, t('errors:api.unknown')).message);
  const base = (rule: TRoutingRule) => `${id}-${rule.id}`;

  const move = (index: number, step: -1 | 1) => {
    const rule = rules[index];
    if (!rule) return;
    setRefusal(null);
    const [same, other] = step === -1 ? ['up', 'down'] : ['down', 'up'];
    reorder.mutate(
      movedIds(
        rules.map((each) => each.id),
        index,
        step,
      ),
      { onSuccess: () => setFocusNext([`${base(rule)}-${same}`, `${base(rule)}-${other}`]), onError: failed },
    );
  };

  const toggle = (rule: TRoutingRule, enabled: boolean) => {
    setRefusal(null);
    const { name, conditions, actions } = rule;
    update.mutate({ id: rule.id, input: { name, enabled, conditions, actions } }, { onError: failed });
  };

  // Focus goes back to the button that opened the dialog, or to the heading once its rule is gone.
  const focusBack = () => (asking?.trigger.isConnected ? asking.trigger : heading.current)?.focus();
  const close = () => setAsking(null);
  const pendingToggle = update.isPending ? update.variables : null;

  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-lg border p-4 sm:p-6" aria-busy={busy}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          {t('rules.list.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('rules.list.count', { used: number.format(rules.length), max: number.format(MAX_ROUTING_RULES) })}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{t('rules.list.order')}</p>
      <FormProblem>{refusal}</FormProblem>
      {rules.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('rules.list.empty')}</p>
      ) : (
        <ol aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
          {rules.map((rule, index) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              base={base(rule)}
              position={index + 1}
              first={index === 0}
              last={index === rules.length - 1}
              summary={words.summary(rule.conditions, rule.actions)}
              enabled={pendingToggle?.id === rule.id ? pendingToggle.input.enabled : rule.enabled}
              busy={busy}
              onToggle={(enabled) => toggle(rule, enabled)}
              onMove={(step) => move(index, step)}
              onAsk={(action, trigger) => setAsking({ action, rule, trigger })}
            />
          ))}
        </ol>
      )}
      {full ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {t('rules.list.full', { max: number.format(MAX_ROUTING_RULES) })}
        </p>
      ) : null}
      <Button
        type="button"
        className="self-start"
        disabled={full}
        onClick={(event) => setAsking({ action: 'create', rule: null, trigger: event.currentTarget })}
      >
        {t('rules.list.create')}
      </Button>
      {asking && asking.action !== 'delete' ? (
        <RuleEditorDialog rule={asking.action === 'edit' ? asking.rule : null} pickers={pickers} onClose={close} />
      ) : null}
      {asking?.action === 'delete' && asking.rule ? <DeleteRuleDialog rule={asking.rule} onClose={close} returnFocus={focusBack} /> : null}
    </section>
  );
}
