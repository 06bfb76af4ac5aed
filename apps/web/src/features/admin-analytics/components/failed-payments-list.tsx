import type { TFailedPayment } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Loading, LoadFailed } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';

import { useFailedPayments } from '../api/get-revenue';

/**
 * The accounts whose latest payment failed (decision 092), newest first: who owns each, what is due, and where its
 * grace stands (decision 085). Each owner links to the back office's users page, found by their e-mail.
 */
export function FailedPaymentsList() {
  const { t } = useTranslation('admin-insights');
  const headingId = useId();
  const failed = useFailedPayments();

  const body = () => {
    if (failed.isError)
      return (
        <LoadFailed
          title={t('failedPayments.loadFailed')}
          error={failed.error}
          retryLabel={t('common.retry')}
          onRetry={() => void failed.refetch()}
        />
      );
    if (!failed.data) return <Loading>{t('failedPayments.loading')}</Loading>;
    if (failed.data.failedPayments.length === 0) return <p className="text-sm text-muted-foreground">{t('failedPayments.empty')}</p>;
    return (
      <ScrollTable label={t('failedPayments.title')} captioned tableClassName="min-w-[48rem]">
        <TableHead>
          <tr>
            <HeaderCell>{t('failedPayments.owner')}</HeaderCell>
            <HeaderCell>{t('failedPayments.plan')}</HeaderCell>
            <HeaderCell className="text-right">{t('failedPayments.amountDue')}</HeaderCell>
            <HeaderCell>{t('failedPayments.failedSince')}</HeaderCell>
            <HeaderCell>{t('failedPayments.graceEnds')}</HeaderCell>
            <HeaderCell>{t('failedPayments.sending')}</HeaderCell>
          </tr>
        </TableHead>
        <tbody>
          {failed.data.failedPayments.map((failure) => (
            <FailedPaymentRow key={failure.accountId} failure={failure} />
          ))}
        </tbody>
      </ScrollTable>
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('failedPayments.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('failedPayments.intro')}</p>
      </div>
      {body()}
    </section>
  );
}

function FailedPaymentRow({ failure }: { failure: TFailedPayment }) {
  const { t, i18n } = useTranslation('admin-insights');
  const when = (iso: string) => formatDateTime(iso, i18n.language, 'UTC');
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {failure.owner ? (
          <Link
            to={paths.admin.users.getHref(failure.owner.email)}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {failure.owner.name || failure.owner.email}
          </Link>
        ) : (
          t('failedPayments.noOwner')
        )}
        {failure.owner?.name ? <span className="block text-xs break-all text-muted-foreground">{failure.owner.email}</span> : null}
      </th>
      <td className="px-3 py-2">
        {t('failedPayments.planAndInterval', { plan: failure.planName, interval: t(`failedPayments.interval.${failure.interval}`) })}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        {failure.amountDue
          ? formatMoney(failure.amountDue.cents, failure.amountDue.currency, i18n.language)
          : t('failedPayments.amountUnknown')}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{when(failure.failedAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(failure.graceEndsAt)}</td>
      <td className="px-3 py-2">
        <Badge variant={failure.sendingPaused ? 'default' : 'muted'}>
          {failure.sendingPaused ? t('failedPayments.paused') : t('failedPayments.inGrace')}
        </Badge>
      </td>
    </tr>
  );
}
