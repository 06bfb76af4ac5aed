import type { TAnalyticsRange, TRevenueInCurrency } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Loading, LoadFailed } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { formatMoney } from '@/lib/format-money';

import { useRevenue } from '../api/get-revenue';
import { StatGrid, type TStat } from './stat-cards';
import { formatBucketLong, formatCount } from '../utils/format';

/**
 * The revenue figures of the analytics page (issue 36 item 8, decision 092): the monthly recurring revenue now, what
 * began and ended in the chosen range, by plan and by month, per currency, all from the server.
 */
export function RevenueOverview({ range }: { range: TAnalyticsRange }) {
  const { t } = useTranslation('admin-insights');
  const headingId = useId();
  const revenue = useRevenue(range);
  const updating = revenue.isPlaceholderData && revenue.isFetching;

  const body = () => {
    if (revenue.isError)
      return (
        <LoadFailed
          title={t('revenue.loadFailed')}
          error={revenue.error}
          retryLabel={t('common.retry')}
          onRetry={() => void revenue.refetch()}
        />
      );
    if (!revenue.data) return <Loading>{t('revenue.loading')}</Loading>;
    if (revenue.data.currencies.length === 0) return <p className="text-muted-foreground">{t('revenue.empty')}</p>;
    return revenue.data.currencies.map((figures) => (
      <RevenueInCurrency key={figures.currency} figures={figures} several={revenue.data.currencies.length > 1} />
    ));
  };

  return (
    <section aria-labelledby={headingId} aria-busy={updating} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
          {t('revenue.title')}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('revenue.intro')}</p>
      </div>
      {body()}
    </section>
  );
}

function RevenueInCurrency({ figures, several }: { figures: TRevenueInCurrency; several: boolean }) {
  const { t, i18n } = useTranslation('admin-insights');
  const money = (cents: number) => formatMoney(cents, figures.currency, i18n.language);
  const count = (value: number) => formatCount(value, i18n.language);
  const stats: TStat[] = [
    {
      key: 'mrr',
      label: t('revenue.stats.mrr'),
      value: money(figures.mrrCents),
      note: t('revenue.stats.mrrNote', { count: figures.subscriptions, number: count(figures.subscriptions) }),
    },
    { key: 'pastDue', label: t('revenue.stats.pastDueMrr'), value: money(figures.pastDueMrrCents), note: t('revenue.stats.pastDueNote') },
    { key: 'new', label: t('revenue.stats.newSubscriptions'), value: count(figures.newSubscriptions) },
    { key: 'churned', label: t('revenue.stats.churnedSubscriptions'), value: count(figures.churnedSubscriptions) },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {several ? <h3 className="text-lg font-semibold">{t('revenue.inCurrency', { currency: figures.currency })}</h3> : null}
      <StatGrid stats={stats} />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="text-lg font-semibold">{t('revenue.byPlan.title')}</h3>
          {figures.byPlan.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('revenue.byPlan.empty')}</p>
          ) : (
            <ScrollTable label={t('revenue.byPlan.title')} captioned tableClassName="min-w-[24rem]">
              <TableHead>
                <tr>
                  <HeaderCell>{t('revenue.byPlan.plan')}</HeaderCell>
                  <HeaderCell className="text-right">{t('revenue.byPlan.subscriptions')}</HeaderCell>
                  <HeaderCell className="text-right">{t('revenue.byPlan.mrr')}</HeaderCell>
                </tr>
              </TableHead>
              <tbody>
                {figures.byPlan.map((plan) => (
                  <tr key={plan.planId} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {plan.planName}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{count(plan.subscriptions)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{money(plan.mrrCents)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="text-lg font-semibold">{t('revenue.byMonth.title')}</h3>
          <ScrollTable label={t('revenue.byMonth.title')} captioned tableClassName="min-w-[32rem]">
            <TableHead>
              <tr>
                <HeaderCell>{t('analytics.bucket.month')}</HeaderCell>
                <HeaderCell className="text-right">{t('revenue.byMonth.new')}</HeaderCell>
                <HeaderCell className="text-right">{t('revenue.byMonth.churned')}</HeaderCell>
                <HeaderCell className="text-right">{t('revenue.byMonth.changed')}</HeaderCell>
                <HeaderCell className="text-right">{t('revenue.byMonth.net')}</HeaderCell>
              </tr>
            </TableHead>
            <tbody>
              {figures.byMonth.map((month) => (
                <tr key={month.month} className="border-t">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {formatBucketLong(month.month, 'month', i18n.language)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(month.newMrrCents)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(month.churnedMrrCents)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(month.changedMrrCents)}</td>
                  <td className="px-3 py-1.5 text-right font-medium tabular-nums">{money(month.netMrrCents)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <p className="text-xs text-muted-foreground">{t('revenue.byMonth.note')}</p>
        </div>
      </div>
    </div>
  );
}
