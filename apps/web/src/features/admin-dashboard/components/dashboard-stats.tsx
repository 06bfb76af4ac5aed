import type { TAdminDashboard } from '@faxline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { adminSessionQueryKey } from '@/lib/auth/api/get-admin-session';
import { useDateFormat } from '@/lib/use-date-format';

import { useAdminDashboard } from '../api/get-admin-dashboard';

/** The dashboard's stat cards (spec 001 §2.11), with real figures: people, faxes today and this month, failures, pages. */
export function DashboardStats() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const figures = useAdminDashboard();

  // A lapsed back-office access: the admin guard asks again and sends the admin to the login.
  useEffect(() => {
    if (figures.error instanceof ApiError && figures.error.status === 401)
      void queryClient.invalidateQueries({ queryKey: adminSessionQueryKey });
  }, [figures.error, queryClient]);

  return (
    <section aria-labelledby="admin-stats-heading" className="flex flex-col gap-3">
      <h2 id="admin-stats-heading" className="text-lg font-semibold">
        {t('dashboard.statsHeading')}
      </h2>
      {figures.data ? (
        <StatCards figures={figures.data} />
      ) : figures.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-6">
          <p className="font-medium">{t('dashboard.loadFailed')}</p>
          {figures.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{figures.error.message}</p> : null}
          <Button type="button" variant="outline" onClick={() => void figures.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('dashboard.loading')}
        </p>
      )}
    </section>
  );
}

function StatCards({ figures }: { figures: TAdminDashboard }) {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const { people, faxesToday, faxesThisMonth } = figures;
  const split = (sent: number, received: number) => t('dashboard.sentReceived', { sent: n(sent), received: n(received) });
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <StatCard
          label={t('dashboard.people')}
          value={n(people.total)}
          detail={t('dashboard.peopleNew', { count: n(people.newThisMonth) })}
        />
        <StatCard
          label={t('dashboard.faxesToday')}
          value={n(faxesToday.sent + faxesToday.received)}
          detail={split(faxesToday.sent, faxesToday.received)}
        />
        <StatCard
          label={t('dashboard.faxesThisMonth')}
          value={n(faxesThisMonth.sent + faxesThisMonth.received)}
          detail={split(faxesThisMonth.sent, faxesThisMonth.received)}
        />
        <StatCard
          label={t('dashboard.failedThisMonth')}
          value={n(faxesThisMonth.failed)}
          detail={t('dashboard.failedDetail', { sent: n(faxesThisMonth.sent) })}
        />
        <StatCard label={t('dashboard.pagesThisMonth')} value={n(faxesThisMonth.pages)} detail={t('dashboard.pagesDetail')} />
      </ul>
      <p className="text-sm text-muted-foreground">{t('dashboard.utcNote')}</p>
      <FaxLines lines={figures.lines} routes={figures.carrierRoutes} />
    </>
  );
}

/** The fax lines this server has and what each serves: where a fax to an outside number can go, or that it cannot. */
function FaxLines({ lines, routes }: { lines: TAdminDashboard['lines']; routes: TAdminDashboard['carrierRoutes'] }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="admin-lines-heading" className="flex flex-col gap-2 rounded-lg border p-5">
      <h3 id="admin-lines-heading" className="font-semibold">
        {t('dashboard.linesHeading')}
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {lines.map((line) => (
          <li key={line.name}>
            <span className="font-medium">{t(`dashboard.lineNames.${line.name}`)}</span>: {t(`dashboard.lineServes.${line.serves}`)}
            {line.health ? <LineHealth health={line.health} /> : null}
          </li>
        ))}
      </ul>
      {routes.length > 0 ? <CarrierRoutes routes={routes} /> : null}
      {/* Said only when no line reaches any outside number: one that serves some prefixes lists them above. */}
      {lines.some((line) => line.serves === 'outside-numbers' || line.serves === 'number-prefixes') ? null : (
        <p className="text-sm text-muted-foreground">{t('dashboard.linesNoneOutside')}</p>
      )}
      <Link
        to={{ pathname: paths.admin.settings.getHref(), hash: 'fax-carrier-settings' }}
        className="w-fit text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {t('dashboard.carrierSettingsLink')}
      </Link>
    </section>
  );
}

/** A carrier's health: its last fax through, and its last hour's tries with their line errors. */
function LineHealth({ health }: { health: NonNullable<TAdminDashboard['lines'][number]['health']> }) {
  const { t, i18n } = useTranslation('admin');
  const dates = useDateFormat();
  const time = health.lastSuccessAt ? dates.dateTime(health.lastSuccessAt) : null;
  const rate = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
    health.triesLastHour === 0 ? 0 : health.errorsLastHour / health.triesLastHour,
  );
  return (
    <span className="text-muted-foreground">
      {' · '}
      {time ? t('dashboard.lineLastSuccess', { time }) : t('dashboard.lineNoSuccess')}
      {' · '}
      {health.triesLastHour === 0
        ? t('dashboard.lineLastHourNone')
        : t('dashboard.lineLastHour', { count: health.triesLastHour, errors: health.errorsLastHour, rate })}
    </span>
  );
}

/** Which carrier takes which numbers, and which takes over after a line error (the carrier settings, decision 058). */
function CarrierRoutes({ routes }: { routes: TAdminDashboard['carrierRoutes'] }) {
  const { t } = useTranslation('admin');
  const name = (line: (typeof routes)[number]['primary']) => t(`dashboard.lineNames.${line}`);
  return (
    <>
      <h4 className="mt-2 text-sm font-semibold">{t('dashboard.routesHeading')}</h4>
      <ul className="flex flex-col gap-1 text-sm">
        {routes.map((route) => (
          <li key={route.prefix}>
            <span className="font-medium">{route.prefix === 'all' ? t('dashboard.routeAll') : route.prefix}</span>:{' '}
            {route.fallback
              ? t('dashboard.routeFallback', { primary: name(route.primary), fallback: name(route.fallback) })
              : name(route.primary)}
          </li>
        ))}
      </ul>
    </>
  );
}

function StatCard({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-t-4 border-t-primary bg-background p-5 shadow-sm">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="text-3xl font-bold tabular-nums">{value}</p>
      <p className="text-sm text-muted-foreground">{detail}</p>
    </li>
  );
}
