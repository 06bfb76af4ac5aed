import { formatPhoneInternational } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { PortingStatusBadge } from '@/lib/porting/porting-status-badge';
import { useDateFormat } from '@/lib/use-date-format';

import { letterOfAuthorisationUrl, usePortingRequests } from '../api/porting-requests';
import { PortingForm } from './porting-form';

/** The account's porting requests, each with where it is, and the form of a new one. */
export function PortingRequests() {
  const { t } = useTranslation('porting');
  const dates = useDateFormat();
  const requests = usePortingRequests();
  const [writing, setWriting] = useState(false);
  // A day as the server keeps it (YYYY-MM-DD) is a calendar day, the same everywhere: it is not moved into a time zone.
  const day = (value: string) =>
    new Intl.DateTimeFormat(dates.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));

  if (writing) return <PortingForm onDone={() => setWriting(false)} />;
  return (
    <section aria-labelledby="porting-requests-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="porting-requests-heading" className="text-2xl font-semibold">
          {t('list.heading')}
        </h2>
        <Button type="button" onClick={() => setWriting(true)}>
          {t('list.new')}
        </Button>
      </div>
      {requests.isPending ? (
        <Loading>{t('list.loading')}</Loading>
      ) : requests.isError ? (
        <LoadFailed
          title={t('list.loadFailed')}
          error={requests.error}
          retryLabel={t('list.retry')}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 rounded-lg border p-4">
              <div className="flex flex-wrap items-center gap-3">
                <PortingStatusBadge status={request.status} />
                <span className="text-sm text-muted-foreground">
                  {t('list.submittedOn', { date: dates.date(request.createdAt, 'long') })}
                </span>
              </div>
              <p className="font-mono break-words">{request.numbers.map(formatPhoneInternational).join(', ')}</p>
              {request.portDate && request.status !== 'rejected' ? <p>{t('list.portDate', { date: day(request.portDate) })}</p> : null}
              {request.rejectionReason ? <p>{t('list.reason', { reason: request.rejectionReason })}</p> : null}
              <a
                className="w-fit text-sm font-medium text-primary underline underline-offset-4"
                href={letterOfAuthorisationUrl(request.id)}
              >
                {t('list.letter')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
