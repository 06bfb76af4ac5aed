import { MAX_BROADCAST_RECIPIENTS } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Loading, LoadFailed } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';

import { useBroadcasts } from '../api/get-broadcasts';

/** The member's latest broadcasts, newest first, each with its recipients counted and a way in. */
export function BroadcastList() {
  const { t } = useTranslation('broadcasts');
  const dates = useDateFormat();
  const list = useBroadcasts();
  if (list.isPending) return <Loading>{t('view.loading')}</Loading>;
  if (list.isError)
    return <LoadFailed title={t('list.loadFailed')} error={list.error} retryLabel={t('list.title')} onRetry={() => void list.refetch()} />;
  if (list.data.broadcasts.length === 0)
    return <p className="text-muted-foreground">{t('list.empty', { max: MAX_BROADCAST_RECIPIENTS })}</p>;
  return (
    <ScrollTable label={t('list.title')} captioned tableClassName="min-w-[40rem]">
      <TableHead>
        <tr>
          <HeaderCell scope="col">{t('list.sent')}</HeaderCell>
          <HeaderCell scope="col">{t('list.contents')}</HeaderCell>
          <HeaderCell scope="col">{t('list.recipients')}</HeaderCell>
          <HeaderCell scope="col">{t('list.progress')}</HeaderCell>
          <HeaderCell scope="col">
            <span className="sr-only">{t('list.open')}</span>
          </HeaderCell>
        </tr>
      </TableHead>
      <tbody>
        {list.data.broadcasts.map((b) => {
          const date = dates.dateTime(b.scheduledAt ?? b.createdAt);
          return (
            <tr key={b.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{date}</td>
              <td className="px-3 py-2">{b.coverSubject ?? (b.fileNames.join(', ') || t('list.untitled'))}</td>
              <td className="px-3 py-2">{b.counts.total}</td>
              <td className="px-3 py-2">{t('view.summary', b.counts)}</td>
              <td className="px-3 py-2">
                <Link
                  to={paths.user.broadcast.getHref(b.id)}
                  className="font-medium underline-offset-4 hover:underline"
                  aria-label={t('list.openLabel', { date })}
                >
                  {t('list.open')}
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
