import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer } from 'recharts';

import { cn } from '@/lib/utils';

type TChartSectionProps = {
  title: string;
  /** The figures in one or two sentences: what a screen reader reads instead of the picture. */
  summary: string;
  /**
   * The chart itself (a Recharts chart, drawn to the section's size), hidden from assistive technology: the summary
   * and the table say the same.
   */
  chart: ReactNode;
  /** The same data as a table, behind a disclosure that anyone can open. */
  table?: ReactNode;
  className?: string;
};

/** One chart of the analytics page: a titled region, a summary, the picture and its data as a table. */
export function ChartSection({ title, summary, chart, table, className }: TChartSectionProps) {
  const { t } = useTranslation('admin-insights');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm sm:p-6', className)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{summary}</p>
      <div aria-hidden="true" className="h-64 w-full min-w-0 sm:h-72">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 288 }}>
          {chart}
        </ResponsiveContainer>
      </div>
      {table ? (
        <details className="text-sm">
          <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('analytics.showTable')}
          </summary>
          {/* A long table scrolls; the region takes focus so that keyboard users can scroll it too. */}
          <div
            role="region"
            aria-label={t('analytics.tableOf', { title })}
            tabIndex={0}
            className="relative mt-3 max-h-96 overflow-auto rounded-md border outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          >
            {table}
          </div>
        </details>
      ) : null}
    </section>
  );
}
