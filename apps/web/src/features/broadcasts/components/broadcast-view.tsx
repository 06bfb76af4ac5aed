import { formatPhoneInternational } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Loading, LoadFailed } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useActOnBroadcast } from '../api/act-on-broadcast';
import { useBroadcast } from '../api/get-broadcast';

import { RecipientStatus } from './recipient-status';

/**
 * One broadcast (decision 111): what it sends, its recipients counted, each recipient's status live (asked again every
 * two seconds until all have ended), "Retry the failed" in one click, the whole broadcast canceled, and its report.
 */
export function BroadcastView({ id }: { id: string }) {
  const { t } = useTranslation(['broadcasts', 'messages']);
  const dates = useDateFormat();
  const broadcast = useBroadcast(id);
  const act = useActOnBroadcast();
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (broadcast.isPending) return <Loading>{t('view.loading')}</Loading>;
  if (broadcast.isError)
    return (
      <LoadFailed
        title={t('view.loadFailed')}
        error={broadcast.error}
        retryLabel={t('view.title')}
        onRetry={() => void broadcast.refetch()}
      />
    );
  const b = broadcast.data;

  const run = async (action: 'retry' | 'cancel') => {
    try {
      const answer = await act.mutateAsync({ id, action });
      toast({ title: action === 'retry' ? t('view.retried') : t('view.canceled'), description: answer.message });
    } catch (error) {
      toast({ title: t('view.actionFailed'), description: error instanceof ApiError ? error.message : '', variant: 'destructive' });
    } finally {
      setConfirmCancel(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <p>
          {b.scheduledAt
            ? t('view.scheduled', { date: dates.dateTime(b.scheduledAt) })
            : t('view.created', { date: dates.dateTime(b.createdAt) })}
        </p>
        {b.canceledAt ? <p>{t('view.canceledAt', { date: dates.dateTime(b.canceledAt) })}</p> : null}
        {b.coverSubject ? <p>{t('view.subject', { subject: b.coverSubject })}</p> : null}
        {b.fileNames.length > 0 ? <p>{t('view.files', { files: b.fileNames.join(', ') })}</p> : null}
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-1">
        <p className="text-lg font-semibold">{t('view.summary', b.counts)}</p>
        <p className="text-sm text-muted-foreground">{b.finished ? t('view.finished') : t('view.live')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" disabled={b.retryable === 0 || act.isPending} onClick={() => void run('retry')}>
          {act.isPending && act.variables?.action === 'retry' ? t('view.retrying') : t('view.retry', { count: b.retryable })}
        </Button>
        <Button type="button" variant="outline" disabled={!b.cancelable || act.isPending} onClick={() => setConfirmCancel(true)}>
          {t('view.cancel')}
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/broadcasts/${encodeURIComponent(b.id)}/report.csv`} download>
            {t('view.report')}
          </a>
        </Button>
      </div>
      <ScrollTable label={t('view.tableLabel')} captioned tableClassName="min-w-[36rem]">
        <TableHead>
          <tr>
            <HeaderCell scope="col">{t('view.number')}</HeaderCell>
            <HeaderCell scope="col">{t('view.name')}</HeaderCell>
            <HeaderCell scope="col">{t('view.status')}</HeaderCell>
            <HeaderCell scope="col">{t('view.sends')}</HeaderCell>
          </tr>
        </TableHead>
        <tbody>
          {b.recipients.map((recipient) => (
            <tr key={recipient.number} className="border-t" data-number={recipient.number}>
              <td className="px-3 py-2 whitespace-nowrap">
                <Link
                  to={paths.user.faxHistory.getHref({ id: recipient.faxId, direction: 'outbound' })}
                  className="underline-offset-4 hover:underline"
                  aria-label={t('view.viewFax', { number: formatPhoneInternational(recipient.number) })}
                >
                  {formatPhoneInternational(recipient.number)}
                </Link>
              </td>
              <td className="px-3 py-2">{recipient.name ?? ''}</td>
              <td className="px-3 py-2">
                <RecipientStatus recipient={recipient} dates={dates} />
              </td>
              <td className="px-3 py-2">{recipient.sends}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <ConfirmDialog
        open={confirmCancel}
        title={t('view.cancelTitle')}
        description={t('view.cancelDescription')}
        cancelLabel={t('view.cancelKeep')}
        confirmLabel={t('view.cancelConfirm')}
        pendingLabel={t('view.canceling')}
        pending={act.isPending}
        onConfirm={() => void run('cancel')}
        onCancel={() => setConfirmCancel(false)}
      />
    </div>
  );
}
