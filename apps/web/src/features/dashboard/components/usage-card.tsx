import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MeterBar } from '@/components/ui/meter-bar';
import { paths } from '@/config/paths';
import { useUsage } from '@/lib/account/get-usage';
import { usageMeterOf, type TUsageMeter } from '@/lib/account/usage-meter';

import { CardFailed, CardLoading, DashboardCard } from './dashboard-card';

/** Pages used this month against the plan's pages (GET /api/usage), as a bar and in words: '12 of 150 pages'. */
export function UsageCard() {
  const { t, i18n } = useTranslation('user');
  const usage = useUsage();

  return (
    <DashboardCard title={t('dashboard.usage.title')}>
      {usage.isPending ? <CardLoading>{t('dashboard.usage.loading')}</CardLoading> : null}
      {usage.isError ? <CardFailed message={t('dashboard.usage.failed')} onRetry={() => void usage.refetch()} /> : null}
      {usage.data ? (
        <>
          <UsageMeter meter={usageMeterOf(usage.data)} />
          {usage.data.plan ? <p className="text-sm">{t('dashboard.usage.plan', { name: usage.data.plan.name })}</p> : null}
          <p className="text-sm text-muted-foreground">
            {t('dashboard.usage.resets', { date: formatDay(usage.data.periodEnd, i18n.language) })}
          </p>
        </>
      ) : null}
    </DashboardCard>
  );
}

function UsageMeter({ meter }: { meter: TUsageMeter }) {
  const { t, i18n } = useTranslation('user');
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  if (meter.kind === 'noPlan') {
    return (
      <p>
        {t('dashboard.usage.noPlan', { used: number(meter.used) })}{' '}
        <Link to={paths.faxPlans.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('dashboard.usage.choosePlan')}
        </Link>
      </p>
    );
  }
  if (meter.kind === 'unlimited')
    return <p className="text-lg font-semibold">{t('dashboard.usage.unlimited', { used: number(meter.used) })}</p>;

  const text = t('dashboard.usage.ofLimit', { used: number(meter.used), limit: number(meter.limit) });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-lg font-semibold">{text}</p>
      <MeterBar label={t('dashboard.usage.progressLabel')} value={meter.used} max={meter.limit} valueText={text} percent={meter.percent} />
    </div>
  );
}

/** The first day of the next period in the active language; in UTC, as the server counts months. */
function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
