import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type TAnalyticsRange } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { AnalyticsOverview } from '@/features/admin-analytics/components/analytics-overview';
import { FailedPaymentsList } from '@/features/admin-analytics/components/failed-payments-list';
import { RevenueOverview } from '@/features/admin-analytics/components/revenue-overview';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

const isRange = (value: string | null): value is TAnalyticsRange => (ANALYTICS_RANGES as readonly (string | null)[]).includes(value);

/** /admin/analytics (spec 001 §2.11, §4): the range lives in the address (?range=), so a view can be shared or reloaded. */
export default function AdminAnalyticsRoute() {
  const { t } = useTranslation('admin-insights');
  useDocumentTitle(t('analytics.title'));
  const [searchParams, changeSearch] = useSearchState();
  const asked = searchParams.get('range');
  const range = isRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE;

  const changeRange = (next: TAnalyticsRange) =>
    changeSearch(
      (latest) => {
        const params = new URLSearchParams(latest);
        if (next === DEFAULT_ANALYTICS_RANGE) params.delete('range');
        else params.set('range', next);
        return params;
      },
      { replace: true },
    );

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('analytics.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('analytics.intro')}</p>
      </div>
      <AnalyticsOverview range={range} onRangeChange={changeRange} />
      <RevenueOverview range={range} />
      <FailedPaymentsList />
    </section>
  );
}
