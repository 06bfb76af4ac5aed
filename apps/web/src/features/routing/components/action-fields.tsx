import type { TInbox, TMember, TWebhookEndpoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { FieldProblem, FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/native-select';

import type { TActionsDraft } from '../utils/rule-form';

type TActionFieldsProps = {
  /** Prefixes every id: `${id}-inboxId` is the first field, each field's id ends with its name in the contract. */
  id: string;
  actions: TActionsDraft;
  inboxes: readonly TInbox[];
  people: readonly TMember[];
  /** The account's endpoints; null when they could not be read (the select then offers none). */
  webhooks: readonly TWebhookEndpoint[] | null;
  problem: string | null;
  disabled: boolean;
  onChange: (next: TActionsDraft) => void;
};

/** What the rule does to a fax it matches: where it goes, who has it, its labels, who hears of it, and junk. */
export function ActionFields({ id, actions, inboxes, people, webhooks, problem, disabled, onChange }: TActionFieldsProps) {
  const { t } = useTranslation('routing');
  const set = (change: Partial<TActionsDraft>) => onChange({ ...actions, ...change });
  const problemId = `${id}-actions-problem`;

  return (
    <fieldset
      id={`${id}-actions`}
      className="flex min-w-0 flex-col gap-4"
      aria-describedby={problem ? `${id}-actions-hint ${problemId}` : `${id}-actions-hint`}
      aria-invalid={problem ? true : undefined}
    >
      <legend className="mb-1 text-base font-semibold">{t('editor.actions.legend')}</legend>
      <p id={`${id}-actions-hint`} className="text-sm text-muted-foreground">
        {t('editor.actions.hint')}
      </p>
      <FieldProblem id={problemId}>{problem}</FieldProblem>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${id}-inboxId`}
          label={t('editor.actions.inbox')}
          value={actions.inboxId}
          onChange={(event) => set({ inboxId: event.target.value })}
          disabled={disabled}
        >
          <option value="">{t('editor.actions.noInbox')}</option>
          {inboxes.map((inbox) => (
            <option key={inbox.id} value={inbox.id}>
              {inbox.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-assigneeId`}
          label={t('editor.actions.assignee')}
          value={actions.assigneeId}
          onChange={(event) => set({ assigneeId: event.target.value })}
          disabled={disabled}
        >
          <option value="">{t('editor.actions.nobody')}</option>
          {people.map((person) => (
            <option key={person.userId} value={person.userId}>
              {person.name}
            </option>
          ))}
        </SelectField>
      </div>
      <FormField
        id={`${id}-labels`}
        label={t('editor.actions.labels')}
        description={t('editor.actions.labelsHint')}
        autoComplete="off"
        value={actions.labels}
        onChange={(event) => set({ labels: event.target.value })}
        disabled={disabled}
      />
      <FormField
        id={`${id}-forwardTo`}
        type="text"
        inputMode="email"
        label={t('editor.actions.forwardTo')}
        description={t('editor.actions.forwardToHint')}
        autoComplete="off"
        spellCheck={false}
        value={actions.forwardTo}
        onChange={(event) => set({ forwardTo: event.target.value })}
        disabled={disabled}
      />
      <div className="flex flex-col gap-2">
        <SelectField
          id={`${id}-webhookId`}
          label={t('editor.actions.webhook')}
          value={actions.webhookId}
          onChange={(event) => set({ webhookId: event.target.value })}
          disabled={disabled}
          aria-describedby={`${id}-webhookId-hint`}
        >
          <option value="">{t('editor.actions.noWebhook')}</option>
          {(webhooks ?? []).map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.description ? `${endpoint.description} (${endpoint.url})` : endpoint.url}
            </option>
          ))}
        </SelectField>
        <p id={`${id}-webhookId-hint`} className="text-sm text-muted-foreground">
          {webhooks ? t('editor.actions.webhookHint') : t('editor.actions.webhooksUnavailable')}
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-junk`}
          type="checkbox"
          checked={actions.junk}
          onChange={(event) => set({ junk: event.target.checked })}
          disabled={disabled}
          aria-describedby={`${id}-junk-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-junk`} className="text-sm leading-tight font-medium">
            {t('editor.actions.junk')}
          </label>
          <p id={`${id}-junk-hint`} className="text-sm text-muted-foreground">
            {t('editor.actions.junkHint')}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
