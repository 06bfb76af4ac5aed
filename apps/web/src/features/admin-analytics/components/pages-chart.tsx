import type { TAdminAnalytics } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Line, LineChart } from 'recharts';

import { PAGE_COLOURS } from '../utils/chart-colours';
import { formatCount, formatPeriod } from '../utils/format';

import { BUCKET_CHART_MARGIN, bucketAxes } from './bucket-axes';
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
        <LineChart data={data.series} accessibilityLayer={false} margin={BUCKET_CHART_MARGIN}>
          {bucketAxes(data, language)}
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
