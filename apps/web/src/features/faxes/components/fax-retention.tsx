import type { TFaxDetails, TLegalHold } from '@faxline/shared';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useFaxRetention } from '@/lib/retention/get-fax-retention';
import { useLiftLegalHold, useSetLegalHold } from '@/lib/retention/legal-holds';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { timelineKey } from '../api/get-fax-timeline';

/**
 * A fax's retention in its details (decision 108): that its content was deleted, and why; the legal holds that keep it
 * (its own, its number's, the account's); and, for the owner and sub-admins, its own hold set or lifted with a reason.
 * Its texts load on their own, so that the dialog does not wait for them.
 */
export function FaxRetention({ fax }: { fax: Pick<TFaxDetails, 'id' | 'contentDeleted'> }) {
  return (
    <Suspense fallback={null}>
      <FaxRetentionBlock fax={fax} />
    </Suspense>
  );
}

function FaxRetentionBlock({ fax }: { fax: Pick<TFaxDetails, 'id' | 'contentDeleted'> }) {
  const { t } = useTranslation('retention');
  const dates = useDateFormat();
  const retention = useFaxRetention(fax.id);
  const id = useId();
  const holds = retention.data?.holds ?? [];
  const own = holds.find((hold) => hold.scope === 'fax');
  const mayManage = retention.data?.mayManage ?? false;
  if (!fax.contentDeleted && holds.length === 0 && !mayManage) return null;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 text-sm">
      <h3 id={`${id}-heading`} className="font-semibold">
        {t('fax.title')}
      </h3>
      {fax.contentDeleted ? (
        <p className="rounded-md border bg-muted p-3">
          {t(`fax.contentDeleted.${fax.contentDeleted.by}`, { date: dates.dateTime(fax.contentDeleted.at) })}
        </p>
      ) : null}
      {retention.isError ? <p className="text-destructive">{t('fax.loadFailed')}</p> : null}
      {holds.length > 0 ? (
        <div className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">{t('fax.held')}</p>
          <ul className="list-disc pl-5">
            {holds.map((hold) => (
              <HoldLine key={hold.id} hold={hold} />
            ))}
          </ul>
        </div>
      ) : null}
      {/* A fax whose content is gone has nothing left to hold; a hold already on it can still be lifted. */}
      {mayManage && own ? <LiftFaxHold hold={own} faxId={fax.id} /> : null}
      {mayManage && !own && !fax.contentDeleted ? <HoldFax faxId={fax.id} /> : null}
    </section>
  );
}

function HoldLine({ hold }: { hold: TLegalHold }) {
  const { t } = useTranslation('retention');
  const dates = useDateFormat();
  const what =
    hold.scope === 'fax'
      ? t('fax.title')
      : hold.scope === 'number'
        ? t('holds.what.number', { number: hold.number ?? '' })
        : t('holds.what.account');
  return (
    <li>
      {hold.scope === 'fax' ? null : `${what}. `}
      {t('holds.setOn', { date: dates.dateTime(hold.setAt), reason: hold.reason })}
    </li>
  );
}

/** The reason's field and its button, for setting or lifting this fax's own hold. */
function ReasonForm({
  label,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation('errors');
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await onSubmit(reason);
      setReason('');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.issues?.[0]?.message ?? error.message) : t('api.unknown'));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void send(event)} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <FormField
          id={`${id}-reason`}
          label={label}
          value={reason}
          maxLength={500}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
          disabled={pending}
        />
      </div>
      <Button type="submit" variant="outline" disabled={pending}>
        {submit}
      </Button>
      <div className="basis-full">
        <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      </div>
    </form>
  );
}

// The hold's audit row is on the fax's timeline: it is asked again once the hold is set or lifted.
function HoldFax({ faxId }: { faxId: string }) {
  const { t } = useTranslation('retention');
  const queryClient = useQueryClient();
  const set = useSetLegalHold();
  return (
    <ReasonForm
      label={t('fax.reasonLabel')}
      submit={t('fax.submit')}
      pending={set.isPending}
      onSubmit={async (reason) => {
        await set.mutateAsync({ scope: 'fax', faxId, reason });
        await queryClient.invalidateQueries({ queryKey: timelineKey(faxId) });
        toast({ title: t('holds.setTitle') });
      }}
    />
  );
}

function LiftFaxHold({ hold, faxId }: { hold: TLegalHold; faxId: string }) {
  const { t } = useTranslation('retention');
  const queryClient = useQueryClient();
  const lift = useLiftLegalHold();
  return (
    <ReasonForm
      label={t('fax.liftReasonLabel')}
      submit={t('fax.liftSubmit')}
      pending={lift.isPending}
      onSubmit={async (reason) => {
        await lift.mutateAsync({ id: hold.id, reason });
        await queryClient.invalidateQueries({ queryKey: timelineKey(faxId) });
        toast({ title: t('holds.liftedTitle') });
      }}
    />
  );
}
