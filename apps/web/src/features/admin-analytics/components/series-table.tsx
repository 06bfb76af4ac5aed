import type { TAnalyticsBucket, TAnalyticsPoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { HeaderCell, TableHead } from '@/components/ui/table-head';

import { formatBucketLong, formatCount } from '../utils/format';

type TColumn = { key: keyof Omit<TAnalyticsPoint, 'start'>; label: string };

type TSeriesTableProps = { caption: string; bucket: TAnalyticsBucket; series: TAnalyticsPoint[]; columns: TColumn[] };

/** A chart's data as a table: one row per hour, day or month, one column per series. */
export function SeriesTable({ caption, bucket, series, columns }: TSeriesTableProps) {
  const { t, i18n } = useTranslation('admin-insights');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      {/* Opaque while it sticks over the rows that scroll under it. */}
      <TableHead className="sticky top-0 bg-muted">
        <tr>
          <HeaderCell>{t(`analytics.bucket.${bucket}`)}</HeaderCell>
          {columns.map((column) => (
            <HeaderCell key={column.key} className="text-right">
              {column.label}
            </HeaderCell>
          ))}
        </tr>
      </TableHead>
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
