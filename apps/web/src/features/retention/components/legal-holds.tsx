import type { TLegalHold } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/native-select';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useLiftLegalHold, useSetLegalHold } from '@/lib/retention/legal-holds';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useLegalHolds } from '../api/get-legal-holds';
import { refusalOf } from '../utils/error-message';

/** The account's legal holds in force, each with its lift (and its reason), and the form that sets one. */
export function LegalHolds() {
  const { t } = useTranslation('retention');
  const id = useId();
  const holds = useLegalHolds();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="font-semibold">
          {t('holds.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('holds.description')}</p>
      </div>
      {holds.isPending ? <Loading>{t('section.loading')}</Loading> : null}
      {holds.isError ? (
        <LoadFailed
          title={t('section.loadFailed')}
          error={holds.error}
          retryLabel={t('section.retry')}
          onRetry={() => void holds.refetch()}
        />
      ) : null}
      {holds.data ? (
        holds.data.holds.length === 0 ? (
          <p className="text-sm">{t('holds.none')}</p>
        ) : (
          <ul aria-label={t('holds.list')} className="flex flex-col gap-3">
            {holds.data.holds.map((hold) => (
              <HeldItem key={hold.id} hold={hold} />
            ))}
          </ul>
        )
      ) : null}
      <SetHoldForm />
    </section>
  );
}

/** What a hold keeps, in words. */
function useHoldWords() {
  const { t } = useTranslation('retention');
  return (hold: TLegalHold) =>
    hold.scope === 'fax'
      ? t('holds.what.fax', { id: hold.faxId?.slice(0, 8) ?? '' })
      : hold.scope === 'number'
        ? t('holds.what.number', { number: hold.number ?? '' })
        : t('holds.what.account');
}

function HeldItem({ hold }: { hold: TLegalHold }) {
  const { t } = useTranslation(['retention', 'errors']);
  const dates = useDateFormat();
  const words = useHoldWords();
  const lift = useLiftLegalHold();
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await lift.mutateAsync({ id: hold.id, reason });
      toast({ title: t('holds.liftedTitle') });
    } catch (error) {
      setProblem(refusalOf(error, t('errors:api.unknown')));
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <p className="font-medium">{words(hold)}</p>
      <p className="text-muted-foreground">{t('holds.setOn', { date: dates.dateTime(hold.setAt), reason: hold.reason })}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <FormField
            id={`${id}-reason`}
            label={t('holds.lift.reasonLabel')}
            value={reason}
            maxLength={500}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setReason(event.target.value)}
            disabled={lift.isPending}
          />
        </div>
        <Button type="submit" variant="outline" disabled={lift.isPending}>
          {lift.isPending ? t('holds.lift.submitting') : t('holds.lift.button')}
        </Button>
        <div className="basis-full">
          <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
        </div>
      </form>
    </li>
  );
}

/** Puts a number or the whole account on hold (a single fax is held from its details). */
function SetHoldForm() {
  const { t } = useTranslation(['retention', 'errors']);
  const id = useId();
  const set = useSetLegalHold();
  const [scope, setScope] = useState<'number' | 'account'>('number');
  const [number, setNumber] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await set.mutateAsync(scope === 'number' ? { scope, number: number.trim(), reason } : { scope, reason });
      setNumber('');
      setReason('');
      setProblem(null);
      toast({ title: t('holds.setTitle') });
    } catch (error) {
      setProblem(refusalOf(error, t('errors:api.unknown')));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-md border p-4"
      aria-busy={set.isPending}
    >
      <h4 className="text-sm font-semibold">{t('holds.add.title')}</h4>
      <SelectField
        id={`${id}-scope`}
        label={t('holds.add.scopeLabel')}
        fieldClassName="max-w-sm"
        value={scope}
        onChange={(event) => setScope(event.target.value as 'number' | 'account')}
        disabled={set.isPending}
      >
        <option value="number">{t('holds.add.scope.number')}</option>
        <option value="account">{t('holds.add.scope.account')}</option>
      </SelectField>
      {scope === 'number' ? (
        <FormField
          id={`${id}-number`}
          label={t('holds.add.numberLabel')}
          type="tel"
          autoComplete="off"
          className="max-w-xs"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          disabled={set.isPending}
        />
      ) : null}
      <FormField
        id={`${id}-reason`}
        label={t('holds.add.reasonLabel')}
        value={reason}
        maxLength={500}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setReason(event.target.value)}
        disabled={set.isPending}
      />
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      <Button type="submit" className="self-start" disabled={set.isPending}>
        {set.isPending ? t('holds.add.submitting') : t('holds.add.submit')}
      </Button>
    </form>
  );
}
