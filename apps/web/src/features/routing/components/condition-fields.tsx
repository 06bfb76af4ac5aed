import { DOCUMENT_CLASSES, formatPhoneInternational } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { SelectField, SelectOptions } from '@/components/ui/native-select';

import { CONDITION_KINDS, spansMidnight, toggleDay, toggleIn, WEEKDAYS, type TConditionDraft } from '../utils/rule-form';

import { Checklist } from './checklist';
import { weekdayNames } from './use-rule-words';

type TConditionFieldsProps = {
  /** The condition's own id prefix: `${base}-kind` is its first field, `${base}-body` holds its kind's fields. */
  base: string;
  position: number;
  condition: TConditionDraft;
  /** The account's numbers, for "number called". */
  numbers: readonly string[];
  problem: string | null;
  disabled: boolean;
  onChange: (next: TConditionDraft) => void;
  onRemove: () => void;
};

/** One condition of the rule: its kind, then that kind's fields, and Remove. */
export function ConditionFields({ base, position, condition, numbers, problem, disabled, onChange, onRemove }: TConditionFieldsProps) {
  const { t } = useTranslation(['routing', 'faxes']);
  const problemId = `${base}-problem`;
  const set = (change: Partial<TConditionDraft>) => onChange({ ...condition, ...change });

  return (
    <fieldset
      id={base}
      className="flex min-w-0 flex-col gap-3 rounded-md border p-3"
      aria-describedby={problem ? problemId : undefined}
      aria-invalid={problem ? true : undefined}
    >
      <legend className="px-1 text-sm font-semibold">{t('editor.conditions.legend', { position })}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          id={`${base}-kind`}
          label={t('editor.conditions.kind')}
          fieldClassName="min-w-0 flex-1"
          value={condition.kind}
          onChange={(event) => set({ kind: event.target.value as TConditionDraft['kind'] })}
          disabled={disabled}
        >
          <SelectOptions values={CONDITION_KINDS} labelOf={(kind) => t(`editor.conditions.kinds.${kind}`)} />
        </SelectField>
        <Button
          type="button"
          variant="outline"
          className="self-start sm:self-auto"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('editor.conditions.removeNamed', { position })}
        >
          {t('editor.conditions.remove')}
        </Button>
      </div>
      <div id={`${base}-body`} className="flex min-w-0 flex-col gap-3">
        <KindFields base={base} condition={condition} numbers={numbers} disabled={disabled} set={set} />
      </div>
      <FieldProblem id={problemId}>{problem}</FieldProblem>
    </fieldset>
  );
}

type TKindFieldsProps = {
  base: string;
  condition: TConditionDraft;
  numbers: readonly string[];
  disabled: boolean;
  set: (change: Partial<TConditionDraft>) => void;
};

/** The fields of the condition's kind, each with the id `${base}-<its field in the contract>` that a problem points at. */
function KindFields({ base, condition, numbers, disabled, set }: TKindFieldsProps) {
  const { t, i18n } = useTranslation(['routing', 'faxes']);
  const text = (field: 'prefixes' | 'contains' | 'query') => (
    <FormField
      id={`${base}-${field}`}
      label={t(`editor.conditions.fields.${field}`)}
      description={t(`editor.conditions.fields.${field}Hint`)}
      autoComplete="off"
      spellCheck={false}
      value={condition[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      disabled={disabled}
    />
  );

  switch (condition.kind) {
    case 'called_number':
      return (
        <Checklist
          id={`${base}-numbers`}
          legend={t('editor.conditions.fields.numbers')}
          items={numbers.map((number) => ({ value: number, label: <span translate="no">{formatPhoneInternational(number)}</span> }))}
          chosen={condition.numbers}
          onToggle={(number, on) => set({ numbers: toggleIn(numbers, condition.numbers, number, on) })}
          empty={t('editor.conditions.fields.noNumbers')}
          disabled={disabled}
        />
      );
    case 'caller':
      return text('prefixes');
    case 'station_id':
      return text('contains');
    case 'words':
      return text('query');
    case 'document_class':
      return (
        <Checklist
          id={`${base}-classes`}
          legend={t('editor.conditions.fields.classes')}
          items={DOCUMENT_CLASSES.map((name) => ({ value: name, label: t(`faxes:details.documentClass.classes.${name}`) }))}
          chosen={condition.classes}
          onToggle={(name, on) => set({ classes: toggleIn(DOCUMENT_CLASSES, condition.classes, name, on) })}
          disabled={disabled}
        />
      );
    case 'pages':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {(['min', 'max'] as const).map((bound) => (
            <FormField
              key={bound}
              id={`${base}-${bound}`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              label={t(`editor.conditions.fields.${bound}`)}
              description={t('editor.conditions.fields.pagesHint')}
              value={condition[bound]}
              onChange={(event) => set({ [bound]: event.target.value })}
              disabled={disabled}
            />
          ))}
        </div>
      );
    case 'time': {
      const names = weekdayNames(i18n.language, 'long');
      return (
        <>
          <Checklist
            id={`${base}-days`}
            legend={t('editor.conditions.fields.days')}
            items={WEEKDAYS.map((day) => ({ value: day, label: names[day] }))}
            chosen={condition.days}
            onToggle={(day, on) => set({ days: toggleDay(condition.days, day, on) })}
            disabled={disabled}
            inline
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {(['from', 'to'] as const).map((end) => (
              <FormField
                key={end}
                id={`${base}-${end}`}
                type="time"
                label={t(`editor.conditions.fields.${end}`)}
                value={condition[end]}
                onChange={(event) => set({ [end]: event.target.value })}
                disabled={disabled}
              />
            ))}
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {spansMidnight(condition.from, condition.to)
              ? t('editor.conditions.fields.spansMidnight', { from: condition.from, to: condition.to })
              : t('editor.conditions.fields.timeHint')}
          </p>
        </>
      );
    }
  }
}
