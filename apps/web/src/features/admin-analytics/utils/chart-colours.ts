/**
 * Series colours. Each keeps at least 4.5:1 against white (so legend text and bars read, WCAG 1.4.3 and 1.4.11), and
 * stacked segments are also told apart by the white gap between them, the legend, the tooltip and the data table.
 */
export const STATUS_COLOURS = {
  delivered: '#047857', // emerald-700, 5.5:1
  partial: '#b45309', // amber-700, 5.0:1
  uncertain: '#0e7490', // cyan-700, 5.4:1
  failed: '#b91c1c', // the theme's destructive, 6.5:1
  inProgress: '#1d4ed8', // blue-700, 6.7:1
  canceled: '#52525b', // zinc-600, 7.7:1
} as const;

export const PAGE_COLOURS = {
  sent: '#6d28d9', // the theme's primary, 7.1:1
  received: '#be185d', // pink-700, 6.0:1; also drawn dashed
} as const;

/** Axis and grid lines. */
export const AXIS_COLOUR = '#52525b';
export const GRID_COLOUR = '#e4e4e7';
