import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';

import { channelNoteOf } from '../utils/fax-channel';
import { formatNumber } from '../utils/format';

import { FaxRowMenu } from './fax-row-menu';
import { FaxSnippet } from './fax-snippet';
import { FaxStatusDetails } from './fax-status-details';
import { useFaxListLabels, type TFaxListProps } from './fax-table';

/**
 * The history on a phone: one card per fax, with the other party, the status, the date and the menu all on
 * screen, where the table would scroll sideways. The number never breaks inside; a long name wraps between words.
 */
export function FaxCards({ direction, faxes, sort, onViewDetails, onCancel }: Omit<TFaxListProps, 'onSort'>) {
  const { t } = useTranslation('faxes');
  const dates = useDateFormat();
  const sent = direction === 'outbound';
  const { caption } = useFaxListLabels(direction, sort);

  return (
    <ul aria-label={caption} className="flex flex-col gap-3">
      {faxes.map((fax) => {
        const shownNumber = formatNumber(sent ? fax.toNumber : fax.fromNumber, t('history.unknownSender'));
        const name = sent ? fax.recipientName : fax.senderName;
        const date = dates.dateTime(fax.createdAt);
        const unread = !sent && !fax.read;
        const channel = channelNoteOf(fax);
        const details = [
          fax.pages === null ? null : t('history.pageCount', { count: fax.pages }),
          sent ? t(`quality.${fax.quality}`) : null,
          channel ? t(channel) : null,
        ].filter(Boolean);
        return (
          <li key={fax.id} className={cn('flex flex-col gap-2 rounded-lg border p-4 text-sm', unread && 'bg-accent/40')}>
            <div className="flex items-start gap-2">
              <div className="flex min-w-0 flex-1 flex-col" translate="no">
                <span className={cn('text-base font-medium break-words', !name && 'whitespace-nowrap', unread && 'font-semibold')}>
                  {name ?? shownNumber}
                </span>
                {name ? <span className="whitespace-nowrap text-muted-foreground">{shownNumber}</span> : null}
              </div>
              <FaxRowMenu
                fax={fax}
                label={t('history.actionsFor', { date, number: shownNumber })}
                onViewDetails={onViewDetails}
                onCancel={onCancel}
              />
            </div>
            <div>
              <FaxStatusDetails fax={fax} />
            </div>
            <p className="text-muted-foreground">
              <time dateTime={fax.createdAt}>{date}</time>
              {details.map((detail) => ` · ${detail}`).join('')}
            </p>
            {fax.snippet ? <FaxSnippet snippet={fax.snippet} /> : null}
            {sent && fax.line === 'sandbox' ? <Badge variant="muted">{t('history.sandbox')}</Badge> : null}
          </li>
        );
      })}
    </ul>
  );
}
