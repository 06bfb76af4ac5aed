import { formatPhoneInternational, type TAdminPortingRequest, type TPortingCarrier } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { PortingStatusBadge } from '@/lib/porting/porting-status-badge';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { portingDocumentUrl, useMovePortingRequest, type TPortingMove } from '../api/porting-queue';

/** The carriers' names as they write them (not translated). */
const CARRIER_NAMES: Record<TPortingCarrier, string> = { telnyx: 'Telnyx' };
const dayOf = (language: string, value: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));

/**
 * One request of the queue: whose, the numbers, the holder as on the bill, the documents, and the moves its status
 * allows. A request sent to a carrier moves with the carrier's order ("Check"); one worked by hand moves by the admin.
 */
export function PortingRequestCard({ request, carriers }: { request: TAdminPortingRequest; carriers: TPortingCarrier[] }) {
  const { t } = useTranslation('porting');
  const dates = useDateFormat();
  const move = useMovePortingRequest(request.id);
  const base = useId();
  const [portDate, setPortDate] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = ['submitted', 'in_review', 'approved'].includes(request.status);
  const { holder } = request;

  const run = async (next: TPortingMove, event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    try {
      const moved = await move.mutateAsync(next);
      toast({ title: t('admin.done', { status: t(`statuses.${moved.status}`) }) });
    } catch (error) {
      setProblem(error instanceof ApiError ? [error.message, ...(error.issues ?? []).map((i) => i.message)].join(' ') : String(error));
    }
  };

  return (
    <article aria-labelledby={`${base}-title`} className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${base}-title`} className="text-lg font-semibold">
          {t('admin.request', { account: request.accountName })}
        </h2>
        <PortingStatusBadge status={request.status} />
      </div>
      <p className="text-sm text-muted-foreground">
        {[
          request.ownerEmail ? t('admin.owner', { email: request.ownerEmail }) : null,
          t('admin.submittedOn', { date: dates.dateTime(request.createdAt) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="font-mono break-words">{request.numbers.map(formatPhoneInternational).join(', ')}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t('admin.holder')}</dt>
        <dd className="break-words">
          {[
            holder.name,
            holder.currentProvider,
            holder.accountNumber,
            holder.street,
            holder.city,
            holder.region,
            holder.postalCode,
            holder.country,
          ]
            .filter(Boolean)
            .join(', ')}
        </dd>
      </dl>
      <p className="text-sm">{t('admin.signed', { name: request.signedName, date: dayOf(dates.language, request.signedOn) })}</p>
      <p className="flex flex-wrap gap-4 text-sm">
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={portingDocumentUrl(request.id, 'letter-of-authorisation')}
        >
          {t('admin.letter')}
        </a>
        <a className="font-medium text-primary underline underline-offset-4" href={portingDocumentUrl(request.id, 'bill')}>
          {t('admin.bill')}
        </a>
      </p>
      {request.carrier ? (
        <p className="text-sm">{t('admin.carrier', { carrier: CARRIER_NAMES[request.carrier], status: request.carrierStatus ?? '-' })}</p>
      ) : request.status !== 'submitted' ? (
        // A submitted request is not taken yet: how it will be worked is chosen with "Take in review".
        <p className="text-sm">{t('admin.byHand')}</p>
      ) : null}
      {request.portDate && request.status !== 'rejected' ? (
        <p className="text-sm">{t('admin.portDate', { date: dayOf(dates.language, request.portDate) })}</p>
      ) : null}
      {request.rejectionReason ? <p className="text-sm">{t('admin.reason', { reason: request.rejectionReason })}</p> : null}

      {open ? (
        <div className="flex flex-col gap-4 border-t pt-4">
          <div className="flex flex-wrap gap-3">
            {request.status === 'submitted' ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  disabled={move.isPending}
                  onClick={() => void run({ action: 'review', carrier: null })}
                >
                  {t('admin.reviewByHand')}
                </Button>
                {carriers.map((carrier) => (
                  <Button
                    key={carrier}
                    type="button"
                    variant="outline"
                    disabled={move.isPending}
                    onClick={() => void run({ action: 'review', carrier })}
                  >
                    {t('admin.reviewVia', { carrier: CARRIER_NAMES[carrier] })}
                  </Button>
                ))}
              </>
            ) : null}
            {request.carrier ? (
              <Button type="button" disabled={move.isPending} onClick={() => void run({ action: 'sync' })}>
                {t('admin.sync', { carrier: CARRIER_NAMES[request.carrier] })}
              </Button>
            ) : null}
            {!request.carrier && request.status === 'approved' ? (
              <Button type="button" disabled={move.isPending} onClick={() => void run({ action: 'complete' })}>
                {t('admin.complete')}
              </Button>
            ) : null}
          </div>
          {!request.carrier && request.status !== 'approved' ? (
            <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void run({ action: 'approve', portDate }, event)}>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${base}-date`}>{t('admin.portDateLabel')}</Label>
                <Input id={`${base}-date`} type="date" value={portDate} onChange={(event) => setPortDate(event.target.value)} required />
              </div>
              <Button type="submit" disabled={move.isPending || !portDate}>
                {t('admin.approve')}
              </Button>
            </form>
          ) : null}
          <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void run({ action: 'reject', reason }, event)}>
            <div className="flex min-w-64 flex-1 flex-col gap-2">
              <Label htmlFor={`${base}-reason`}>{t('admin.rejectLabel')}</Label>
              <Input id={`${base}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
            </div>
            <Button type="submit" variant="destructive" disabled={move.isPending || reason.trim() === ''}>
              {t('admin.reject')}
            </Button>
          </form>
          <FormProblem>{problem}</FormProblem>
        </div>
      ) : null}
    </article>
  );
}
