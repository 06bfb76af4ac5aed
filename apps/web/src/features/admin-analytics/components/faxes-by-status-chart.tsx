import type { TAdminAnalytics } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { AXIS_COLOUR, GRID_COLOUR, STATUS_COLOURS } from '../utils/chart-colours';
import { formatBucketLong, formatBucketShort, formatCount, formatPeriod } from '../utils/format';

import { ChartSection } from './chart-section';
import { SeriesTable } from './series-table';

const STATUSES = ['delivered', 'failed', 'inProgress', 'canceled'] as const;

/** Sent faxes per hour, day or month, stacked by what became of them. */
export function FaxesByStatusChart({ data }: { data: TAdminAnalytics }) {
  const { t, i18n } = useTranslation('admin-insights');
  const language = i18n.language;
  const labels = {
    delivered: t('analytics.status.delivered'),
    failed: t('analytics.status.failed'),
    inProgress: t('analytics.status.inProgress'),
    canceled: t('analytics.status.canceled'),
  };
  const totalOf = (key: (typeof STATUSES)[number]) => data.series.reduce((sum, point) => sum + point[key], 0);
  const summary = t('analytics.faxesChart.summary', {
    period: formatPeriod(data.from, data.to, data.bucket, language),
    sent: formatCount(data.totals.faxesSent, language),
    delivered: formatCount(totalOf('delivered'), language),
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
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 288 }}>
          <BarChart data={data.series} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={GRID_COLOUR} />
            <XAxis
              dataKey="start"
              tickFormatter={(value: string) => formatBucketShort(value, data.bucket, language)}
              stroke={AXIS_COLOUR}
              tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} stroke={AXIS_COLOUR} tick={{ fill: AXIS_COLOUR, fontSize: 12 }} />
            <Tooltip
              labelFormatter={(value) => formatBucketLong(String(value), data.bucket, language)}
              formatter={(value) => formatCount(Number(value), language)}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
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
        </ResponsiveContainer>
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
