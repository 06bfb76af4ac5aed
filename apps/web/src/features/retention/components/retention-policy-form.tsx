import type { TRetentionSettings } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/native-select';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveRetentionPolicy } from '../api/save-retention-policy';
import { choiceOf, PERIOD_CHOICES, periodOf, type TPeriodChoice } from '../utils/period';

/** The account's period (an offered one, another number of days, or forever) and zero-footprint mode, saved together. */
export function RetentionPolicyForm({ settings }: { settings: TRetentionSettings }) {
  const { t } = useTranslation(['retention', 'messages', 'errors']);
  const save = useSaveRetentionPolicy();
  const id = useId();
  const [choice, setChoice] = useState<TPeriodChoice>(choiceOf(settings.days));
  const [typed, setTyped] = useState(settings.days === null ? '' : String(settings.days));
  const [zeroFootprint, setZeroFootprint] = useState(settings.zeroFootprint);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = save.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const period = periodOf(choice, typed);
    if ('problem' in period) {
      setProblem(period.problem);
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({ days: period.days, zeroFootprint });
      toast({ title: t('policy.savedTitle'), description: t('policy.savedDescription') });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('policy.failedTitle'), description, variant: 'destructive' });
    }
  };

  const labelOf = (value: TPeriodChoice) =>
    value === 'forever' ? t('policy.forever') : value === 'custom' ? t('policy.custom') : t('policy.days', { count: Number(value) });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={saving}>
      <SelectField
        id={`${id}-period`}
        label={t('policy.periodLabel')}
        fieldClassName="max-w-xs"
        value={choice}
        onChange={(event) => setChoice(event.target.value as TPeriodChoice)}
        disabled={saving}
      >
        {PERIOD_CHOICES.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </SelectField>
      {choice === 'custom' ? (
        <div className="flex flex-col gap-1">
          <FormField
            id={`${id}-days`}
            label={t('policy.customLabel')}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            className="w-32"
            value={typed}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            disabled={saving}
          />
          <FieldProblem id={`${id}-problem`}>{problem ? t(`messages:${problem}` as 'messages:errors.retentionDays') : null}</FieldProblem>
        </div>
      ) : null}
      <SettingSwitch
        id={`${id}-zero`}
        label={t('policy.zeroFootprintLabel')}
        description={t('policy.zeroFootprintDescription')}
        checked={zeroFootprint}
        onChange={setZeroFootprint}
        disabled={saving}
      />
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? t('policy.saving') : t('policy.save')}
      </Button>
    </form>
  );
}
