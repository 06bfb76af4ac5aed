import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useDateFormat } from '@/lib/use-date-format';

import { useSupportTickets } from '../api/get-support-tickets';

import { SupportStatusBadge } from './support-status-badge';

type TSupportTicketListProps = {
  page: number;
  onPage: (page: number) => void;
  /** The address of a ticket's view (the page kept, to come back to it). */
  ticketHref: (id: string) => string;
};

/** The person's tickets, the most recently updated first: a new answer from the team is pointed out. */
export function SupportTicketList({ page, onPage, ticketHref }: TSupportTicketListProps) {
  const { t } = useTranslation('support-tickets');
  const dates = useDateFormat();
  const tickets = useSupportTickets(page);

  if (tickets.isPending) return <Loading>{t('loading')}</Loading>;
  if (tickets.isError)
    return <LoadFailed title={t('loadFailed')} error={tickets.error} retryLabel={t('retry')} onRetry={() => void tickets.refetch()} />;
  const { total, pageSize } = tickets.data;
  if (total === 0)
    return (
      <p role="status" className="rounded-lg border p-6 text-center">
        {t('empty')}
      </p>
    );
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('count', { count: total })}</p>
      <ul aria-label={t('listLabel')} className="flex flex-col divide-y rounded-lg border">
        {tickets.data.tickets.map((ticket) => (
          <li key={ticket.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1">
              <Link to={ticketHref(ticket.id)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
                {ticket.subject}
              </Link>
              <p className="text-sm text-muted-foreground">
                {t('reference', { reference: ticket.reference })} ·{' '}
                <time dateTime={ticket.updatedAt}>{t('updated', { date: dates.dateTime(ticket.updatedAt) })}</time>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {ticket.lastAuthor === 'admin' && ticket.status !== 'closed' ? <Badge variant="accent">{t('answered')}</Badge> : null}
              <SupportStatusBadge status={ticket.status} />
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={onPage}
          label={t('pagination.label')}
          previousLabel={t('pagination.previous')}
          nextLabel={t('pagination.next')}
          pageOf={t('pagination.pageOf', { page, pages })}
        />
      ) : null}
    </div>
  );
}
