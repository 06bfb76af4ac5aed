import { graceEndOf, type TUsage } from '@faxline/shared';
import { useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MeterBar } from '@/components/ui/meter-bar';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useUsage } from '@/lib/account/get-usage';
import { usageMeterOf } from '@/lib/account/usage-meter';
import { formatDate } from '@/lib/format-date';
import { useDateFormat } from '@/lib/use-date-format';

import { subscriptionStateOf, type TSubscription } from '../utils/subscription-state';

type TYourPlanProps = {
  subscription: TSubscription | null;
  /** Online payment is on here: an account without a subscription is told it can choose one below. */
  enabled: boolean;
  className: string;
};

/** The account's plan, its pages this month (every login's faxes count), and the subscription that pays for it. */
export function YourPlan({ subscription, enabled, className }: TYourPlanProps) {
  const { t } = useTranslation('billing');
  const usage = useUsage();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('yourPlan.heading')}
      </h2>
      {subscription ? <PaymentFailedWarning subscription={subscription} /> : null}
      {usage.isPending ? <Loading>{t('yourPlan.loading')}</Loading> : null}
      {usage.isError ? (
        <LoadFailed title={t('yourPlan.loadFailed')} error={usage.error} retryLabel={t('retry')} onRetry={() => void usage.refetch()} />
      ) : null}
      {usage.data || subscription ? (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,auto)_minmax(0,1fr)]">
          {usage.data ? <PlanAndPages usage={usage.data} /> : null}
          {subscription ? <SubscriptionFacts subscription={subscription} /> : null}
        </dl>
      ) : null}
      {!subscription && enabled ? <p className="text-sm text-muted-foreground">{t('yourPlan.noSubscription')}</p> : null}
    </section>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:contents">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="flex min-w-0 flex-col gap-2">{children}</dd>
    </div>
  );
}

function PlanAndPages({ usage }: { usage: TUsage }) {
  const { t, i18n } = useTranslation('billing');
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const meter = usageMeterOf(usage);
  const used = number(meter.used);
  const pages =
    meter.kind === 'limited'
      ? t('yourPlan.ofLimit', { used, limit: number(meter.limit) })
      : t(meter.kind === 'unlimited' ? 'yourPlan.unlimited' : 'yourPlan.usedOnly', { used });

  return (
    <>
      <Fact term={t('yourPlan.plan')}>
        <span className="font-semibold">{usage.plan?.name ?? t('yourPlan.noPlan')}</span>
      </Fact>
      <Fact term={t('yourPlan.pages')}>
        <span className="font-semibold">{pages}</span>
        {meter.kind === 'limited' ? (
          <MeterBar label={t('yourPlan.pagesLabel')} value={meter.used} max={meter.limit} valueText={pages} percent={meter.percent} />
        ) : null}
        <span className="text-sm text-muted-foreground">
          {/* In UTC, as the server counts months. */}
          {t('yourPlan.pagesNote', { date: formatDate(usage.periodEnd, i18n.language, 'UTC', 'long') })}
        </span>
      </Fact>
    </>
  );
}

function SubscriptionFacts({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const state = subscriptionStateOf(subscription);

  return (
    <>
      <Fact term={t('yourPlan.interval')}>{t(`interval.${subscription.interval}`)}</Fact>
      <Fact term={t('yourPlan.status')}>
        <span className={state.kind === 'paymentFailed' ? 'font-semibold text-destructive' : undefined}>
          {state.kind === 'endsOn' ? t('status.endsOn', { date: dates.date(state.date, 'long') }) : t(`status.${state.kind}`)}
        </span>
      </Fact>
      <Fact term={t('yourPlan.period')}>
        {t('yourPlan.periodDates', {
          start: dates.date(subscription.currentPeriodStart, 'long'),
          end: dates.date(subscription.currentPeriodEnd, 'long'),
        })}
      </Fact>
    </>
  );
}

/** A failed payment: when it failed, what happens next, and who can help. */
function PaymentFailedWarning({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const state = subscriptionStateOf(subscription);
  if (state.kind !== 'paymentFailed') return null;
  const contactLink = <Link to={paths.contact.getHref()} className="font-medium underline underline-offset-4 hover:no-underline" />;

  return (
    <div role="alert" className="flex flex-col gap-1 rounded-lg border border-l-4 border-destructive/40 border-l-destructive p-4">
      <p className="font-semibold text-destructive">{t('paymentFailed.title')}</p>
      <p>
        {state.failedAt ? (
          <Trans
            t={t}
            i18nKey="paymentFailed.dated"
            values={{
              date: dates.date(state.failedAt, 'long'),
              graceEnd: dates.dateTime(graceEndOf(new Date(state.failedAt)).toISOString()),
            }}
            components={{ contactLink }}
          />
        ) : (
          <Trans t={t} i18nKey="paymentFailed.undated" components={{ contactLink }} />
        )}
      </p>
    </div>
  );
}
