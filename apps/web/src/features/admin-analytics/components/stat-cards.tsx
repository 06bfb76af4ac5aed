import type { TAnalyticsTotals } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { formatCount, formatRate } from '../utils/format';

export type TStat = { key: string; label: string; value: string; note?: string };

/** The stat cards (spec 001 §2.11): a description list, so each figure is read out with its name. */
export function StatCards({ totals }: { totals: TAnalyticsTotals }) {
  const { t, i18n } = useTranslation('admin-insights');
  const count = (value: number) => formatCount(value, i18n.language);
  // A partial delivery and an uncertain call are finished but never delivered (decision 119).
  const finished = totals.delivered + totals.partial + totals.uncertain + totals.failed;
  const stats: TStat[] = [
    { key: 'sent', label: t('analytics.stats.faxesSent'), value: count(totals.faxesSent) },
    { key: 'received', label: t('analytics.stats.faxesReceived'), value: count(totals.faxesReceived) },
    {
      key: 'rate',
      label: t('analytics.stats.deliveredRate'),
      value: totals.deliveredRate === null ? t('analytics.stats.noRate') : formatRate(totals.deliveredRate, i18n.language),
      note: t('analytics.stats.deliveredRateNote', { delivered: count(totals.delivered), finished: count(finished) }),
    },
    { key: 'partial', label: t('analytics.stats.partial'), value: count(totals.partial), note: t('analytics.stats.partialNote') },
    { key: 'uncertain', label: t('analytics.stats.uncertain'), value: count(totals.uncertain), note: t('analytics.stats.uncertainNote') },
    { key: 'failed', label: t('analytics.stats.failed'), value: count(totals.failed) },
    { key: 'pagesSent', label: t('analytics.stats.pagesSent'), value: count(totals.pagesSent), note: t('analytics.stats.pagesSentNote') },
    { key: 'pagesReceived', label: t('analytics.stats.pagesReceived'), value: count(totals.pagesReceived) },
    {
      key: 'accounts',
      label: t('analytics.stats.activeAccounts'),
      value: count(totals.activeAccounts),
      note: t('analytics.stats.activeAccountsNote'),
    },
    { key: 'people', label: t('analytics.stats.newPeople'), value: count(totals.newPeople) },
  ];
  return <StatGrid stats={stats} />;
}

/** Figures as cards, each named: the activity's and the revenue's. */
export function StatGrid({ stats }: { stats: TStat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.key} className="flex flex-col gap-1 rounded-lg border bg-background p-4 shadow-sm">
          <dt className="text-sm font-medium text-muted-foreground">{stat.label}</dt>
          <dd className="text-2xl font-bold tabular-nums sm:text-3xl">{stat.value}</dd>
          {stat.note ? <dd className="text-xs text-muted-foreground">{stat.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
