import { MAX_INBOX_NAME_LENGTH, type TDryRunResult, type TRoutingRule, type TRoutingRuleInput } from '@faxline/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FieldProblem, FormField, FormProblem } from '@/components/ui/form-field';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { toast } from '@/lib/toast';

import { useCreateRoutingRule } from '../api/create-routing-rule';
import { useDryRunRoutingRule } from '../api/dry-run-routing-rule';
import { useUpdateRoutingRule } from '../api/update-routing-rule';
import { checkRule, draftOfRule, newCondition, newRuleDraft, type TConditionDraft, type TRuleDraft } from '../utils/rule-form';

import { ActionFields } from './action-fields';
import { ConditionFields } from './condition-fields';
import { DryRunResult } from './dry-run-result';
import { conditionBase, focusFirstOf, focusIdsOf, pathOf, placeOf, type TProblemPlace } from './rule-editor-focus';
import type { TRulePickers } from './rule-pickers';
import { serverProblemOf } from './server-problem';
import { useRuleWords } from './use-rule-words';

type TRuleEditorDialogProps = {
  /** The rule to change; none for a new one. */
  rule: TRoutingRule | null;
  pickers: TRulePickers;
  onClose: () => void;
};

type TProblem = { place: TProblemPlace; message: string };

const samePlace = (a: TProblemPlace, b: TProblemPlace) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a.condition === b.condition;

/**
 * A rule's editor: its name, on or off, its conditions (all must hold) and its actions, checked with the shared schema
 * before anything is sent. "Try on Recent Faxes" sends the rule as written, unsaved, and shows what it would have done
 * to the last received faxes; Save keeps it.
 */
export function RuleEditorDialog({ rule, pickers, onClose }: TRuleEditorDialogProps) {
  const { t } = useTranslation(['routing', 'messages', 'errors']);
  const id = useId();
  const create = useCreateRoutingRule();
  const update = useUpdateRoutingRule();
  const dryRun = useDryRunRoutingRule();
  const words = useRuleWords(pickers);
  const [draft, setDraft] = useState<TRuleDraft>(() => (rule ? draftOfRule(rule) : newRuleDraft()));
  const [problem, setProblem] = useState<TProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<TDryRunResult | null>(null);
  // Where focus goes once the change that asked for it is drawn: a new condition's first field, a problem's field.
  const [focusNext, setFocusNext] = useState<string[] | null>(null);
  const saving = create.isPending || update.isPending;
  const busy = saving || dryRun.isPending;

  useEffect(() => {
    if (!focusNext) return;
    focusFirstOf(focusNext);
    setFocusNext(null);
  }, [focusNext]);

  /** Shows a problem where it is and moves focus to the field to fix. */
  const show = (path: readonly PropertyKey[], message: string) => {
    setProblem({ place: placeOf(path), message });
    // After the message is drawn, so that the field's description already holds it when focus arrives.
    setFocusNext(focusIdsOf(path, id, draft));
  };

  /** The rule as written if the shared schema accepts it; otherwise the first problem is shown and nothing is sent. */
  const checked = (): TRoutingRuleInput | null => {
    setRefusal(null);
    const check = checkRule(draft);
    if (check.ok) return check.request;
    // The key comes from the shared schema's message (or this feature's fallback), so it is looked up as it is.
    show(check.path, String(t(check.key as never)));
    return null;
  };

  /** A refusal of the server, beside the form in its words, and at its field when it names one. */
  const refused = (error: unknown) => {
    const found = serverProblemOf(error, t('errors:api.unknown'));
    setRefusal(found.message);
    if (found.path) show(pathOf(found.path), found.message);
  };

  const tryRule = () => {
    const request = checked();
    if (!request) return;
    setResult(null);
    dryRun.mutate({ rule: request, ruleId: rule?.id ?? null }, { onSuccess: setResult, onError: refused });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    try {
      const saved = rule ? await update.mutateAsync({ id: rule.id, input }) : await create.mutateAsync(input);
      toast({
        title: t(rule ? 'rules.toasts.savedTitle' : 'rules.toasts.createdTitle'),
        description: t('rules.toasts.savedDescription', { name: saved.name }),
      });
      onClose();
    } catch (error) {
      refused(error);
    }
  };

  /** A change of the rule: a try made before no longer says what this rule would do, and the part's problem goes. */
  const change = (next: TRuleDraft, place: TProblemPlace | null) => {
    setDraft(next);
    setResult(null);
    if (place) setProblem((current) => (current && samePlace(current.place, place) ? null : current));
  };
  const changeCondition = (index: number, next: TConditionDraft) =>
    change({ ...draft, conditions: draft.conditions.map((condition, at) => (at === index ? next : condition)) }, { condition: index });
  const addCondition = () => {
    const condition = newCondition();
    change({ ...draft, conditions: [...draft.conditions, condition] }, 'conditions');
    setFocusNext([`${conditionBase(id, condition.key)}-kind`]);
  };
  const removeCondition = (index: number) => {
    change({ ...draft, conditions: draft.conditions.filter((_, at) => at !== index) }, 'conditions');
    // The conditions after it move up a place: a problem shown in one of them would now sit beside another.
    setProblem((current) => (current && typeof current.place === 'object' ? null : current));
    // The removed fieldset took focus with it: it goes on to the button that adds one.
    setFocusNext([`${id}-add-condition`]);
  };
  const problemAt = (place: TProblemPlace) => (problem && samePlace(problem.place, place) ? problem.message : null);

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent closeLabel={t('editor.close')} className="max-w-3xl p-4 sm:p-6">
        <DialogTitle>{t(rule ? 'editor.editTitle' : 'editor.createTitle')}</DialogTitle>
        <DialogDescription>{t('editor.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={busy}>
          <div className="flex flex-col gap-2">
            <FormField
              id={`${id}-name`}
              label={t('editor.name')}
              description={t('editor.nameHint')}
              maxLength={MAX_INBOX_NAME_LENGTH}
              autoComplete="off"
              value={draft.name}
              onChange={(event) => change({ ...draft, name: event.target.value }, 'name')}
              disabled={saving}
              aria-invalid={problemAt('name') ? true : undefined}
              aria-describedby={problemAt('name') ? `${id}-name-description ${id}-name-problem` : `${id}-name-description`}
            />
            <FieldProblem id={`${id}-name-problem`}>{problemAt('name')}</FieldProblem>
          </div>
          <SettingSwitch
            id={`${id}-enabled`}
            label={t('editor.enabled')}
            description={t('editor.enabledHint')}
            checked={draft.enabled}
            onChange={(enabled) => change({ ...draft, enabled }, null)}
            disabled={saving}
          />
          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-conditions-hint`}>
            <legend className="mb-1 text-base font-semibold">{t('editor.conditions.title')}</legend>
            <p id={`${id}-conditions-hint`} className="text-sm text-muted-foreground">
              {t('editor.conditions.hint')}
            </p>
            {draft.conditions.map((condition, index) => (
              <ConditionFields
                key={condition.key}
                base={conditionBase(id, condition.key)}
                position={index + 1}
                condition={condition}
                numbers={pickers.numbers}
                problem={problemAt({ condition: index })}
                disabled={saving}
                onChange={(next) => changeCondition(index, next)}
                onRemove={() => removeCondition(index)}
              />
            ))}
            <FieldProblem id={`${id}-conditions-problem`}>{problemAt('conditions')}</FieldProblem>
            <Button
              id={`${id}-add-condition`}
              type="button"
              variant="outline"
              className="self-start"
              onClick={addCondition}
              disabled={saving}
              aria-describedby={problemAt('conditions') ? `${id}-conditions-problem` : undefined}
            >
              {t('editor.conditions.add')}
            </Button>
          </fieldset>
          <ActionFields
            id={id}
            actions={draft.actions}
            inboxes={pickers.inboxes}
            people={pickers.people}
            webhooks={pickers.webhooks}
            problem={problemAt('actions')}
            disabled={saving}
            onChange={(actions) => change({ ...draft, actions }, 'actions')}
          />
          <div className="flex min-w-0 flex-col gap-3 border-t pt-4">
            <div className="flex flex-col gap-1">
              <Button type="button" variant="outline" className="self-start" onClick={tryRule} disabled={busy}>
                {dryRun.isPending ? t('editor.trying') : t('editor.tryOnRecentFaxes')}
              </Button>
              <p className="text-sm text-muted-foreground">{t('editor.tryHint')}</p>
            </div>
            {result ? <DryRunResult result={result} conditionText={words.condition} /> : null}
          </div>
          <FormProblem>{refusal}</FormProblem>
          <DialogFormButtons cancelLabel={t('editor.cancel')} submitLabel={saving ? t('editor.saving') : t('editor.save')} busy={busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
