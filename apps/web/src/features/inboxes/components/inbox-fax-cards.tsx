import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';

import { FaxClass, FaxLabels, FaxStateBadge, InboxFaxButtons, useSenderOf } from './inbox-fax-parts';
import type { TInboxFaxListProps } from './inbox-fax-table';

/** An inbox's faxes on a phone: one card each, everything on screen where the table would scroll sideways. */
export function InboxFaxCards({ faxes, label, ...actions }: TInboxFaxListProps) {
  const { t } = useTranslation(['inboxes', 'faxes']);
  const dates = useDateFormat();
  const senderOf = useSenderOf();

  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {faxes.map((fax) => {
        const sender = senderOf(fax);
        const pages = fax.pages === null ? null : t('faxes:history.pageCount', { count: fax.pages });
        return (
          <li key={fax.id} className={cn('flex flex-col gap-2 rounded-lg border p-4 text-sm', !fax.read && 'bg-accent/40')}>
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 flex-col" translate="no">
                <span className={cn('text-base font-medium break-words', !fax.read && 'font-semibold')}>{sender.shown}</span>
                {sender.name ? <span className="whitespace-nowrap text-muted-foreground">{sender.number}</span> : null}
              </div>
              <FaxStateBadge state={fax.placement.state} />
            </div>
            <p className="text-muted-foreground">
              <time dateTime={fax.createdAt}>{dates.dateTime(fax.createdAt)}</time>
              {pages ? ` · ${pages}` : ''} · <FaxClass fax={fax} />
            </p>
            <p>{t('inboxes:list.assigneeLine', { name: fax.placement.assignee?.name ?? t('inboxes:list.nobody') })}</p>
            <FaxLabels labels={fax.placement.labels} />
            <InboxFaxButtons fax={fax} {...actions} />
          </li>
        );
      })}
    </ul>
  );
}
