import { AddressText } from '@/components/ui/address-text';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import type { TAdminTicket } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useDateFormat } from '@/lib/use-date-format';

import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

type TTicketTableProps = {
  tickets: readonly TAdminTicket[];
  /** The address of a ticket's view (the list's filters kept, to come back to them). */
  ticketHref: (id: string) => string;
};

/**
 * The spec's columns (spec 001 §3 "Support ticket"): subject, user, status, priority, last update, assigned to. The
 * subject opens the ticket. On narrow screens the table scrolls sideways inside its own region.
 */
export function TicketTable({ tickets, ticketHref }: TTicketTableProps) {
  const { t } = useTranslation('admin-support');
  const dates = useDateFormat();
  const headers = ['subject', 'user', 'status', 'priority', 'lastUpdate', 'assignedTo'] as const;

  return (
    <ScrollTable label={t('tickets.tableLabel')} tableClassName="min-w-[52rem] text-left">
      <TableHead>
        <tr>
          {headers.map((header) => (
            <HeaderCell key={header} className="px-4">
              {t(`tickets.columns.${header}`)}
            </HeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody className="divide-y">
        {tickets.map((ticket) => (
          <tr key={ticket.id} className="align-top">
            <th scope="row" className="px-4 py-3 font-medium">
              <Link to={ticketHref(ticket.id)} className="text-primary underline-offset-4 hover:underline">
                {ticket.subject}
              </Link>
              <span className="block text-xs font-normal text-muted-foreground">#{ticket.reference}</span>
            </th>
            <td className="px-4 py-3">
              <span className="block">{ticket.requester.name}</span>
              <AddressText className="block text-xs text-muted-foreground">{ticket.requester.email}</AddressText>
            </td>
            <td className="px-4 py-3">
              <TicketStatusBadge status={ticket.status} />
            </td>
            <td className="px-4 py-3">
              <TicketPriorityBadge priority={ticket.priority} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <time dateTime={ticket.updatedAt}>{dates.dateTime(ticket.updatedAt)}</time>
            </td>
            <td className="px-4 py-3">
              {ticket.assignee ? (
                ticket.assignee.name || ticket.assignee.email
              ) : (
                <span className="text-muted-foreground">{t('tickets.unassigned')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
