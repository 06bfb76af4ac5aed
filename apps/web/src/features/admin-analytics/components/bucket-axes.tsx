import type { TAdminAnalytics } from '@faxline/shared';
import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

import { AXIS_COLOUR, GRID_COLOUR } from '../utils/chart-colours';
import { formatBucketLong, formatBucketShort, formatCount } from '../utils/format';

/** The chart's margin, the same for every chart over time so that their plots line up. */
export const BUCKET_CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: -16 };

/**
 * What every chart over time draws around its data: the grid, the hours, days or months along the bottom, whole
 * counts up the side, the tooltip and the legend, in the chosen language. A list of elements rather than a component,
 * so that the chart finds them among its direct children.
 */
export function bucketAxes(data: TAdminAnalytics, language: string) {
  return [
    <CartesianGrid key="grid" vertical={false} stroke={GRID_COLOUR} />,
    <XAxis
      key="x"
      dataKey="start"
      tickFormatter={(value: string) => formatBucketShort(value, data.bucket, language)}
      stroke={AXIS_COLOUR}
      tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
      minTickGap={16}
    />,
    <YAxis key="y" allowDecimals={false} stroke={AXIS_COLOUR} tick={{ fill: AXIS_COLOUR, fontSize: 12 }} />,
    <Tooltip
      key="tooltip"
      labelFormatter={(value) => formatBucketLong(String(value), data.bucket, language)}
      formatter={(value) => formatCount(Number(value), language)}
    />,
    <Legend key="legend" wrapperStyle={{ fontSize: 13 }} itemSorter={null} />,
  ];
}
