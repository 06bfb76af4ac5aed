import { DATA_EXPORT_DAYS, roleMay, type TDataExport } from '@faxline/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { formatFileSize } from '@/lib/format-units';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { dataExportDownloadHref, useDataExports, useRequestDataExport } from '../api/data-exports';

/** The section's anchor: the e-mail's link points at it. */
export const DATA_EXPORT_ID = 'data-export';

/**
 * The account's faxes as one ZIP, for its owner alone (decision 110): asked for here, built in the background, e-mailed
 * as a link back to this section, downloadable for a few days. Others never see it; the server refuses them anyway.
 */
export function DataExportSection() {
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'exportAccountData')) return null;
  return (
    <Suspense fallback={null}>
      <DataExportCard />
    </Suspense>
  );
}

function DataExportCard() {
  const { t } = useTranslation('data-export');
  const exports = useDataExports();
  const request = useRequestDataExport();
  const building = exports.data?.exports.some((entry) => entry.status === 'building') ?? false;

  const ask = async () => {
    try {
      await request.mutateAsync();
      toast({ title: t('asked.title'), description: t('asked.description') });
    } catch (error) {
      toast({ title: t('failedTitle'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <section
      id={DATA_EXPORT_ID}
      aria-labelledby="data-export-heading"
      className="flex min-w-0 scroll-mt-24 flex-col gap-4 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="data-export-heading" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('description', { days: DATA_EXPORT_DAYS })}</p>
      </div>
      <Button type="button" className="self-start" onClick={() => void ask()} disabled={request.isPending || building}>
        {building ? t('building') : t('ask')}
      </Button>
      {exports.isPending ? (
        <Loading>{t('loading')}</Loading>
      ) : exports.isError ? (
        <LoadFailed title={t('loadFailed')} error={exports.error} retryLabel={t('retry')} onRetry={() => void exports.refetch()} />
      ) : exports.data.exports.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-md border text-sm" aria-label={t('listLabel')}>
          {exports.data.exports.map((entry) => (
            <ExportRow key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ExportRow({ entry }: { entry: TDataExport }) {
  const { t } = useTranslation('data-export');
  const { dateTime, language } = useDateFormat();
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{t('requested', { time: dateTime(entry.requestedAt) })}</span>
        <span className="text-muted-foreground">
          {entry.status === 'ready' && entry.expiresAt
            ? t('ready', {
                count: entry.faxCount ?? 0,
                size: formatFileSize(entry.sizeBytes ?? 0, language),
                until: dateTime(entry.expiresAt),
              })
            : t(`status.${entry.status}`)}
        </span>
      </div>
      {entry.status === 'ready' ? (
        <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
          <a href={dataExportDownloadHref(entry.id)} download>
            {t('download')}
          </a>
        </Button>
      ) : null}
    </li>
  );
}
