import type { TAdminAnalytics } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart } from 'recharts';

import { STATUS_COLOURS } from '../utils/chart-colours';
import { formatCount, formatPeriod } from '../utils/format';

import { BUCKET_CHART_MARGIN, bucketAxes } from './bucket-axes';
import { ChartSection } from './chart-section';
import { SeriesTable } from './series-table';

const STATUSES = ['delivered', 'partial', 'uncertain', 'failed', 'inProgress', 'canceled'] as const;

/** Sent faxes per hour, day or month, stacked by what became of them. */
export function FaxesByStatusChart({ data }: { data: TAdminAnalytics }) {
  const { t, i18n } = useTranslation('admin-insights');
  const language = i18n.language;
  const labels = {
    delivered: t('analytics.status.delivered'),
    partial: t('analytics.status.partial'),
    uncertain: t('analytics.status.uncertain'),
    failed: t('analytics.status.failed'),
    inProgress: t('analytics.status.inProgress'),
    canceled: t('analytics.status.canceled'),
  };
  const totalOf = (key: (typeof STATUSES)[number]) => data.series.reduce((sum, point) => sum + point[key], 0);
  const summary = t('analytics.faxesChart.summary', {
    period: formatPeriod(data.from, data.to, data.bucket, language),
    sent: formatCount(data.totals.faxesSent, language),
    delivered: formatCount(totalOf('delivered'), language),
    partial: formatCount(totalOf('partial'), language),
    uncertain: formatCount(totalOf('uncertain'), language),
    failed: formatCount(totalOf('failed'), language),
    inProgress: formatCount(totalOf('inProgress'), language),
    canceled: formatCount(totalOf('canceled'), language),
  });
  const title = t(`analytics.faxesChart.title.${data.bucket}`);

  return (
    <ChartSection
      title={title}
      summary={summary}
      chart={
        <BarChart data={data.series} accessibilityLayer={false} margin={BUCKET_CHART_MARGIN}>
          {bucketAxes(data, language)}
          {STATUSES.map((status) => (
            <Bar
              key={status}
              dataKey={status}
              name={labels[status]}
              stackId="status"
              fill={STATUS_COLOURS[status]}
              stroke="#ffffff"
              strokeWidth={1}
            />
          ))}
        </BarChart>
      }
      table={
        <SeriesTable
          caption={title}
          bucket={data.bucket}
          series={data.series}
          columns={STATUSES.map((status) => ({ key: status, label: labels[status] }))}
        />
      }
    />
  );
}
