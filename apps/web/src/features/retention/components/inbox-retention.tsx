import type { TRetentionSettings } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectField } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveInboxRetention } from '../api/save-inbox-retention';
import { PERIOD_CHOICES, type TPeriodChoice } from '../utils/period';

type TInboxChoice = 'inherit' | Exclude<TPeriodChoice, 'custom'>;
const INBOX_CHOICES: readonly TInboxChoice[] = [
  'inherit',
  ...PERIOD_CHOICES.filter((value): value is Exclude<TPeriodChoice, 'custom'> => value !== 'custom'),
];

/** The select's value for an inbox's stored period; a number of days not offered shows as itself. */
const inboxChoiceOf = (days: number | null | 'inherit'): string =>
  days === 'inherit' ? 'inherit' : days === null ? 'forever' : String(days);

/** Each shared inbox's own period for its received faxes, or the account's, saved as it is chosen. */
export function InboxRetention({ settings }: { settings: TRetentionSettings }) {
  const { t } = useTranslation(['retention', 'errors']);
  const save = useSaveInboxRetention();
  const id = useId();
  if (settings.inboxes.length === 0) return null;

  const change = async (inboxId: string, value: string) => {
    const days = value === 'inherit' ? ('inherit' as const) : value === 'forever' ? null : Number(value);
    try {
      await save.mutateAsync({ inboxId, days });
      toast({ title: t('inboxes.savedTitle') });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('inboxes.failedTitle'), description, variant: 'destructive' });
    }
  };
  const labelOf = (value: string) =>
    value === 'inherit' ? t('inboxes.inherit') : value === 'forever' ? t('policy.forever') : t('policy.days', { count: Number(value) });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="font-semibold">
          {t('inboxes.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('inboxes.description')}</p>
      </div>
      {settings.inboxes.map((inbox) => {
        const value = inboxChoiceOf(inbox.days);
        const values: readonly string[] = INBOX_CHOICES.includes(value as TInboxChoice) ? INBOX_CHOICES : [...INBOX_CHOICES, value];
        return (
          <SelectField
            key={inbox.id}
            id={`${id}-${inbox.id}`}
            label={t('inboxes.label', { name: inbox.name })}
            fieldClassName="max-w-xs"
            value={value}
            disabled={save.isPending}
            onChange={(event) => void change(inbox.id, event.target.value)}
          >
            {values.map((choice) => (
              <option key={choice} value={choice}>
                {labelOf(choice)}
              </option>
            ))}
          </SelectField>
        );
      })}
    </section>
  );
}
