import type { TBillingProvider, TInvoiceSummary } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { formatMoney } from '@/lib/format-money';
import { useDateFormat } from '@/lib/use-date-format';

import { invoicePdfUrl, useInvoices } from '../api/get-invoices';

const STATUS_BADGE = { paid: 'success', open: 'accent', uncollectible: 'muted', void: 'muted' } as const;

/** The account's invoices from the payment provider, newest first, a page at a time, each downloadable as a PDF. */
/** In place of the invoices, for a subscription whose provider has none of Faxline's: where its receipts are. */
export function ProviderReceipts({ provider, className }: { provider: TBillingProvider; className: string }) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('invoices.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t(`invoices.atProvider.${provider}`)}</p>
    </section>
  );
}

export function InvoiceList({ className }: { className: string }) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  // The cursors of the pages before this one: "Newer" goes back one, "Older" goes on from the last invoice shown.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const invoices = useInvoices(after);

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('invoices.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('invoices.intro')}</p>
      </div>
      {invoices.isPending ? (
        <Loading>{t('invoices.loading')}</Loading>
      ) : invoices.isError ? (
        <LoadFailed
          title={t('invoices.loadFailed')}
          error={invoices.error}
          retryLabel={t('retry')}
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data.invoices.length === 0 && cursors.length === 1 ? (
        <p className="text-sm text-muted-foreground">{t('invoices.empty')}</p>
      ) : (
        <>
          <InvoiceTable invoices={invoices.data.invoices} />
          <div className="flex flex-wrap gap-2">
            {cursors.length > 1 ? (
              <Button variant="outline" size="sm" onClick={() => setCursors((current) => current.slice(0, -1))}>
                {t('invoices.newer')}
              </Button>
            ) : null}
            {invoices.data.nextAfter ? (
              <Button
                variant="outline"
                size="sm"
                disabled={invoices.isPlaceholderData}
                onClick={() => setCursors((current) => [...current, invoices.data.nextAfter])}
              >
                {t('invoices.older')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function InvoiceTable({ invoices }: { invoices: TInvoiceSummary[] }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  // Invoices are dated by the provider in UTC: shown in the reader's language, in UTC, so that the PDF's date matches.
  const day = (iso: string) => dates.format(iso, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    // Relative, as the fax history's: the visually hidden header of the last column stays (clipped) in the region, where
    // it would otherwise widen the whole page on a phone.
    <ScrollTable label={t('invoices.tableLabel')} captioned className="relative" tableClassName="min-w-[40rem]">
      <TableHead>
        <tr>
          <HeaderCell>{t('invoices.number')}</HeaderCell>
          <HeaderCell>{t('invoices.date')}</HeaderCell>
          <HeaderCell>{t('invoices.period')}</HeaderCell>
          <HeaderCell>{t('invoices.status')}</HeaderCell>
          <HeaderCell className="text-right">{t('invoices.total')}</HeaderCell>
          <HeaderCell className="text-right">
            <span className="sr-only">{t('invoices.download')}</span>
          </HeaderCell>
        </tr>
      </TableHead>
      <tbody>
        {invoices.map((invoice) => {
          const number = invoice.number ?? t('invoices.noNumber');
          return (
            <tr key={invoice.id} className="border-b last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                {number}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{day(invoice.issuedAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {day(invoice.periodStart)} – {day(invoice.periodEnd)}
              </td>
              <td className="px-3 py-2">
                <Badge variant={STATUS_BADGE[invoice.status]}>{t(`invoices.statuses.${invoice.status}`)}</Badge>
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatMoney(invoice.total, invoice.currency, dates.language)}
              </td>
              <td className="px-3 py-2 text-right">
                <a
                  href={invoicePdfUrl(invoice.id)}
                  download
                  aria-label={t('invoices.downloadLabel', { number })}
                  className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  {t('invoices.download')}
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
