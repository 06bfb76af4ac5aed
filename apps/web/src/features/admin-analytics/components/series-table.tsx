import type { TAnalyticsBucket, TAnalyticsPoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { formatBucketLong, formatCount } from '../utils/format';

type TColumn = { key: keyof Omit<TAnalyticsPoint, 'start'>; label: string };

type TSeriesTableProps = { caption: string; bucket: TAnalyticsBucket; series: TAnalyticsPoint[]; columns: TColumn[] };

/** A chart's data as a table: one row per hour, day or month, one column per series. */
export function SeriesTable({ caption, bucket, series, columns }: TSeriesTableProps) {
  const { t, i18n } = useTranslation('admin-insights');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-muted">
        <tr>
          <th scope="col" className="px-3 py-2 text-left font-medium">
            {t(`analytics.bucket.${bucket}`)}
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {series.map((point) => (
          <tr key={point.start} className="border-t">
            <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
              {formatBucketLong(point.start, bucket, i18n.language)}
            </th>
            {columns.map((column) => (
              <td key={column.key} className="px-3 py-1.5 text-right tabular-nums">
                {formatCount(point[column.key], i18n.language)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
