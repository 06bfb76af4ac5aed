import type { TInboxFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ScrollTable } from '@/components/ui/scroll-table';
import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';

import { FaxClass, FaxLabels, FaxStateBadge, InboxFaxButtons, useSenderOf, type TInboxFaxActions } from './inbox-fax-parts';

export type TInboxFaxListProps = TInboxFaxActions & {
  faxes: TInboxFax[];
  /** The list's name ("Referrals: Inbox"). */
  label: string;
};

/** An inbox's faxes where there is room: when, from whom, pages, class, who has it, labels, state, and the actions. */
export function InboxFaxTable({ faxes, label, ...actions }: TInboxFaxListProps) {
  const { t } = useTranslation('inboxes');
  const dates = useDateFormat();
  const senderOf = useSenderOf();
  const columns = ['received', 'from', 'pages', 'class', 'assignee', 'labels', 'state'] as const;

  return (
    <ScrollTable label={label} captioned tableClassName="min-w-[52rem]">
      <thead className="border-b bg-muted/60">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 text-left font-medium">
              {t(`list.columns.${column}`)}
            </th>
          ))}
          <th scope="col" className="px-3 py-2 text-right font-medium">
            <span className="sr-only">{t('list.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {faxes.map((fax) => {
          const sender = senderOf(fax);
          return (
            <tr key={fax.id} className={cn('border-b last:border-b-0', !fax.read && 'bg-accent/40 font-semibold')}>
              <td className="px-3 py-3 align-top whitespace-nowrap">
                <time dateTime={fax.createdAt}>{dates.dateTime(fax.createdAt)}</time>
              </td>
              <td className="px-3 py-3 align-top" translate="no">
                <span className={cn('block', !sender.name && 'whitespace-nowrap')}>{sender.shown}</span>
                {sender.name ? (
                  <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground">{sender.number}</span>
                ) : null}
              </td>
              <td className="px-3 py-3 align-top tabular-nums">{fax.pages ?? '–'}</td>
              <td className="px-3 py-3 align-top">
                <FaxClass fax={fax} />
              </td>
              <td className="px-3 py-3 align-top">{fax.placement.assignee?.name ?? t('list.nobody')}</td>
              <td className="px-3 py-3 align-top">
                <FaxLabels labels={fax.placement.labels} />
              </td>
              <td className="px-3 py-3 align-top">
                <FaxStateBadge state={fax.placement.state} />
              </td>
              <td className="px-3 py-2 text-right align-top">
                <InboxFaxButtons fax={fax} {...actions} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
