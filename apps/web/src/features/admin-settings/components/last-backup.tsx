import { useTranslation } from 'react-i18next';

import { formatFileSize } from '@/lib/format-units';
import { useDateFormat } from '@/lib/use-date-format';

import { useLastBackup } from '../api/get-last-backup';

/** The last backup taken (by `npm run backup` or the daily job): when, how big, and how it ended. */
export function LastBackup() {
  const { t } = useTranslation('admin-settings');
  const { dateTime, language } = useDateFormat();
  const { data, isPending, isError } = useLastBackup();
  if (isPending) return <p className="text-sm text-muted-foreground">{t('backup.last.loading')}</p>;
  if (isError) return <p className="text-sm text-destructive">{t('backup.last.unavailable')}</p>;
  const last = data.last;
  return (
    <div className="rounded-md border p-3 text-sm" data-testid="last-backup">
      <h3 className="font-medium">{t('backup.last.title')}</h3>
      {last ? (
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{t('backup.last.time')}</dt>
          <dd>{dateTime(last.startedAt)}</dd>
          <dt className="text-muted-foreground">{t('backup.last.kind')}</dt>
          <dd>{t(`backup.last.kinds.${last.kind}`)}</dd>
          <dt className="text-muted-foreground">{t('backup.last.result')}</dt>
          <dd className={last.status === 'failed' ? 'text-destructive' : undefined}>
            {t(`backup.last.statuses.${last.status}`)}
            {last.error ? `: ${last.error}` : ''}
          </dd>
          {last.sizeBytes !== null && (
            <>
              <dt className="text-muted-foreground">{t('backup.last.size')}</dt>
              <dd>{t('backup.last.sizeValue', { size: formatFileSize(last.sizeBytes, language), files: last.fileCount ?? 0 })}</dd>
            </>
          )}
          {last.location && (
            <>
              <dt className="text-muted-foreground">{t('backup.last.location')}</dt>
              <dd className="break-all font-mono text-xs">{last.location}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-1 text-muted-foreground">{t('backup.last.none')}</p>
      )}
    </div>
  );
}
