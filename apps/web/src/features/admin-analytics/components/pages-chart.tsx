import type { TAdminAnalytics } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { AXIS_COLOUR, GRID_COLOUR, PAGE_COLOURS } from '../utils/chart-colours';
import { formatBucketLong, formatBucketShort, formatCount, formatPeriod } from '../utils/format';

import { ChartSection } from './chart-section';
import { SeriesTable } from './series-table';

/** Pages sent and received per hour, day or month: two lines, the received one dashed so colour is not the only cue. */
export function PagesChart({ data }: { data: TAdminAnalytics }) {
  const { t, i18n } = useTranslation('admin-insights');
  const language = i18n.language;
  const labels = { pagesSent: t('analytics.pagesChart.sent'), pagesReceived: t('analytics.pagesChart.received') };
  const title = t(`analytics.pagesChart.title.${data.bucket}`);
  const summary = t('analytics.pagesChart.summary', {
    period: formatPeriod(data.from, data.to, data.bucket, language),
    sent: formatCount(data.totals.pagesSent, language),
    received: formatCount(data.totals.pagesReceived, language),
  });
  // Dots help to read a short series; on a long one they would merge into a thick line.
  const dots = data.series.length <= 31;

  return (
    <ChartSection
      title={title}
      summary={summary}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 288 }}>
          <LineChart data={data.series} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
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
            <Line type="linear" dataKey="pagesSent" name={labels.pagesSent} stroke={PAGE_COLOURS.sent} strokeWidth={2} dot={dots} />
            <Line
              type="linear"
              dataKey="pagesReceived"
              name={labels.pagesReceived}
              stroke={PAGE_COLOURS.received}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={dots}
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <SeriesTable
          caption={title}
          bucket={data.bucket}
          series={data.series}
          columns={[
            { key: 'pagesSent', label: labels.pagesSent },
            { key: 'pagesReceived', label: labels.pagesReceived },
          ]}
        />
      }
    />
  );
}
