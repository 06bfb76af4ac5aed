import type { TAdminAnalytics, TAnalyticsRange } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { useAnalytics } from '../api/get-analytics';
import { formatPeriod } from '../utils/format';

import { FailureReasonsList } from './failure-reasons-list';
import { FaxesByStatusChart } from './faxes-by-status-chart';
import { PagesChart } from './pages-chart';
import { RangeSelect } from './range-select';
import { StatCards } from './stat-cards';

type TAnalyticsOverviewProps = { range: TAnalyticsRange; onRangeChange: (range: TAnalyticsRange) => void };

const hasFaxes = (data: TAdminAnalytics) => data.totals.faxesSent + data.totals.faxesReceived > 0;

/** /admin/analytics (spec 001 §2.11): the range selector, the stat cards and the charts, all from the server. */
export function AnalyticsOverview({ range, onRangeChange }: TAnalyticsOverviewProps) {
  const { t, i18n } = useTranslation('admin-insights');
  const analytics = useAnalytics(range, i18n.language);
  const data = analytics.data;
  // While another range loads, the previous figures stay; they are marked busy and said to be updating.
  const updating = analytics.isPlaceholderData && analytics.isFetching;

  const body = () => {
    if (analytics.isError) {
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('analytics.loadFailed')}</p>
          <p className="text-muted-foreground">
            {analytics.error instanceof ApiError ? analytics.error.message : t('common.unknownError')}
          </p>
          <Button type="button" variant="outline" onClick={() => void analytics.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    if (!data) return <p className="rounded-lg border p-6 text-muted-foreground">{t('analytics.loading')}</p>;
    return (
      <div className="flex flex-col gap-6" aria-busy={updating}>
        <p className="text-sm text-muted-foreground">
          {t('analytics.period', { period: formatPeriod(data.from, data.to, data.bucket, i18n.language) })}
        </p>
        <StatCards totals={data.totals} />
        {hasFaxes(data) ? (
          <div className="grid gap-6 xl:grid-cols-2">
            <FaxesByStatusChart data={data} />
            <PagesChart data={data} />
          </div>
        ) : (
          <p className="rounded-lg border p-6 text-center font-medium">{t('analytics.empty')}</p>
        )}
        <FailureReasonsList reasons={data.failureReasons} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <RangeSelect value={range} onChange={onRangeChange} />
        <p className="text-sm text-muted-foreground">{t('analytics.timeZoneNote')}</p>
      </div>
      {/* One polite message for loading and updating, so switching ranges is announced without moving focus. */}
      <p role="status" className="sr-only">
        {analytics.isPending || updating ? t('analytics.loading') : ''}
      </p>
      {body()}
    </div>
  );
}
