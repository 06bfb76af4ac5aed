import type { TFax, TFaxListItem } from '@faxline/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { SortHeader } from '@/components/ui/sort-header';
import { ScrollTable } from '@/components/ui/scroll-table';
import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';

import { channelNoteOf } from '../utils/fax-channel';
import { formatNumber } from '../utils/format';
import type { TSortKey, TSortState } from '../utils/sort-state';

import { FaxRowMenu } from './fax-row-menu';
import { FaxSnippet } from './fax-snippet';
import { FaxStatusDetails } from './fax-status-details';

export type TFaxListProps = {
  direction: TFax['direction'];
  faxes: TFaxListItem[];
  sort: TSortState;
  onSort: (key: TSortKey) => void;
  onViewDetails: (fax: TFax, trigger: HTMLButtonElement | null) => void;
  onCancel: (fax: TFax, trigger: HTMLButtonElement | null) => void;
};

/** The sort keys' names and the list's name ("Sent faxes, sorted by Date, descending"): the table's and the cards'. */
export function useFaxListLabels(direction: TFax['direction'], sort: TSortState) {
  const { t } = useTranslation('faxes');
  const sent = direction === 'outbound';
  const columnLabels: Record<TSortKey, string> = {
    number: sent ? t('history.columns.recipient') : t('history.columns.sender'),
    date: t('history.columns.date'),
    pages: t('history.columns.pages'),
    status: t('history.columns.status'),
  };
  const caption = t(sent ? 'history.sentCaption' : 'history.receivedCaption', {
    column: columnLabels[sort.key],
    order: sort.order === 'asc' ? t('history.ascending') : t('history.descending'),
  });
  return { columnLabels, caption };
}

/** Sent or received faxes (spec 001 §2.7): sortable by number, date, pages and status; each row with its menu. */
export function FaxTable({ direction, faxes, sort, onSort, onViewDetails, onCancel }: TFaxListProps) {
  const { t } = useTranslation('faxes');
  const dates = useDateFormat();
  const sent = direction === 'outbound';
  const { columnLabels, caption } = useFaxListLabels(direction, sort);
  const header = (key: TSortKey) => <SortHeader label={columnLabels[key]} sortKey={key} sort={sort} onSort={onSort} />;

  return (
    <ScrollTable label={caption} captioned className="relative" tableClassName="min-w-[40rem]">
      <thead className="border-b bg-muted/60">
        <tr>
          {header('number')}
          {header('date')}
          {header('pages')}
          {sent ? (
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('history.columns.quality')}
            </th>
          ) : null}
          {header('status')}
          <th scope="col" className="px-3 py-2 text-right font-medium">
            <span className="sr-only">{t('history.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {faxes.map((fax) => {
          const number = sent ? fax.toNumber : fax.fromNumber;
          const shownNumber = formatNumber(number, t('history.unknownSender'));
          const name = sent ? fax.recipientName : fax.senderName;
          const date = dates.dateTime(fax.createdAt);
          const unread = !sent && !fax.read;
          const channel = channelNoteOf(fax);
          const rowClass = cn('border-b last:border-b-0', unread && 'bg-accent/40 font-semibold');
          return (
            <Fragment key={fax.id}>
              <tr className={cn(rowClass, fax.snippet && 'border-b-0')}>
                <td className="px-3 py-3 align-top">
                  <span className={cn('block', !name && 'whitespace-nowrap')} translate="no">
                    {name ?? shownNumber}
                  </span>
                  {name ? (
                    <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground" translate="no">
                      {shownNumber}
                    </span>
                  ) : null}
                  {sent && fax.line === 'sandbox' ? (
                    <Badge variant="muted" className="mt-1">
                      {t('history.sandbox')}
                    </Badge>
                  ) : null}
                </td>
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  {date}
                  {/* How it was sent: a quiet note under the date, not a column the spec does not list. */}
                  {channel ? <span className="block text-xs text-muted-foreground">{t(channel)}</span> : null}
                </td>
                <td className="px-3 py-3 align-top tabular-nums">{fax.pages ?? '–'}</td>
                {sent ? <td className="px-3 py-3 align-top">{t(`quality.${fax.quality}`)}</td> : null}
                <td className="px-3 py-3 align-top">
                  <FaxStatusDetails fax={fax} />
                </td>
                <td className="px-3 py-2 text-right align-top">
                  <FaxRowMenu
                    fax={fax}
                    label={t('history.actionsFor', { date, number: shownNumber })}
                    onViewDetails={onViewDetails}
                    onCancel={onCancel}
                  />
                </td>
              </tr>
              {/* The words a search found in the fax's text, under its row across the table. */}
              {fax.snippet ? (
                <tr className={rowClass}>
                  <td colSpan={sent ? 6 : 5} className="px-3 pb-3">
                    <FaxSnippet snippet={fax.snippet} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
