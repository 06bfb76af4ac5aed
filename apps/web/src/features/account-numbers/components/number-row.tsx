import { MAX_STATION_ID_LENGTH, type TAccountNumber, type TInbox } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';

import { useUpdateAccountNumber } from '../api/update-account-number';

import { problemOf } from './problem-of';
import { ReleaseNumberDialog } from './release-number-dialog';

type TNumberRowProps = {
  number: TAccountNumber;
  inboxes: readonly Pick<TInbox, 'id' | 'name'>[];
  extraPrice: string | null;
  quarantineDays: number;
  /** The number as people read it. */
  label: string;
  onReleased: () => void;
};

/** One number: included or extra, the inbox its faxes land in and the station id its faxes give, saved together; its release. */
export function NumberRow({ number, inboxes, extraPrice, quarantineDays, label, onReleased }: TNumberRowProps) {
  const { t } = useTranslation(['account-numbers', 'errors']);
  const id = useId();
  const update = useUpdateAccountNumber();
  const [inboxId, setInboxId] = useState(number.inboxId ?? '');
  const [stationId, setStationId] = useState(number.stationId);
  const [problem, setProblem] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await update.mutateAsync({ id: number.id, inboxId: inboxId || null, stationId });
      toast({ title: t('row.savedTitle'), description: t('row.savedDescription', { number: label }) });
    } catch (error) {
      setProblem(problemOf(error, t('errors:api.unknown')));
    }
  };

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-md border p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold" id={`${id}-number`}>
          {label}
        </h3>
        <Badge variant={number.extra ? 'accent' : 'muted'}>
          {number.extra ? (extraPrice ? t('row.extraAt', { price: extraPrice }) : t('row.extra')) : t('row.included')}
        </Badge>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => void save(event)}
        aria-labelledby={`${id}-number`}
      >
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-inbox`}>{t('row.inbox')}</Label>
          <NativeSelect id={`${id}-inbox`} value={inboxId} onChange={(event) => setInboxId(event.target.value)}>
            <option value="">{t('row.noInbox')}</option>
            {inboxes.map((inbox) => (
              <option key={inbox.id} value={inbox.id}>
                {inbox.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-station`}>{t('row.stationId')}</Label>
          <Input
            id={`${id}-station`}
            value={stationId}
            placeholder={number.phoneNumber}
            maxLength={MAX_STATION_ID_LENGTH}
            inputMode="tel"
            aria-describedby={`${id}-station-help${problem ? ` ${id}-problem` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setStationId(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('row.saving') : t('row.save')}
        </Button>
      </form>
      <p id={`${id}-station-help`} className="text-sm text-muted-foreground">
        {t('row.stationIdHelp', { max: MAX_STATION_ID_LENGTH })}
      </p>
      <FieldProblem id={problem ? `${id}-problem` : undefined}>{problem}</FieldProblem>
      <Button type="button" variant="outline" className="self-start" onClick={() => setReleasing(true)}>
        {t('row.release')}
        <span className="sr-only"> {label}</span>
      </Button>
      {releasing ? (
        <ReleaseNumberDialog
          number={number}
          label={label}
          quarantineDays={quarantineDays}
          onClose={() => setReleasing(false)}
          onReleased={onReleased}
        />
      ) : null}
    </li>
  );
}
