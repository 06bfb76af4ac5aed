import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { useSearchState } from '@/lib/use-search-state';

import { useAdminTickets } from '../api/get-admin-tickets';
import { useTicketAssignees } from '../api/get-ticket-assignees';
import { filtersFromSearch, searchWithFilters, type TTicketFilters } from '../utils/ticket-filters';

import { TicketFilters } from './ticket-filters';
import { TicketTable } from './ticket-table';

/**
 * /admin/support-tickets (spec 001 §2.11): the tickets with filters (kept in the address) and paging. Opening a ticket
 * adds `ticket=<id>` to the same address, so the way back returns to the same filtered page.
 */
export function TicketsAdmin() {
  const { t } = useTranslation('admin-support');
  const [search, changeSearch] = useSearchState();
  const filters = filtersFromSearch(search);
  const tickets = useAdminTickets(filters);
  const assignees = useTicketAssignees();

  const setFilters = (change: Partial<TTicketFilters>) =>
    changeSearch((latest) => searchWithFilters(latest, { ...filtersFromSearch(latest), ...change }));
  const ticketHref = (id: string) => {
    const next = new URLSearchParams(search);
    next.set('ticket', id);
    return `?${next}`;
  };

  const content = () => {
    if (tickets.isPending)
      return (
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('tickets.loading')}
        </p>
      );
    if (tickets.isError)
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('tickets.loadFailed')}</p>
          <p className="text-muted-foreground">{tickets.error instanceof ApiError ? tickets.error.message : t('common.unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void tickets.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    const { total, pageSize, page } = tickets.data;
    if (tickets.data.tickets.length === 0)
      return (
        <p role="status" className="rounded-lg border p-6 text-center font-medium">
          {t('tickets.empty')}
        </p>
      );
    const pages = Math.max(1, Math.ceil(total / pageSize));
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm text-muted-foreground">
          {t('tickets.count', { count: total })}
        </p>
        <TicketTable tickets={tickets.data.tickets} ticketHref={ticketHref} />
        {pages > 1 ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={(next) => setFilters({ page: next })}
            label={t('tickets.pagination.label')}
            previousLabel={t('tickets.pagination.previous')}
            nextLabel={t('tickets.pagination.next')}
            pageOf={t('tickets.pagination.pageOf', { page, pages })}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <TicketFilters filters={filters} assignees={assignees.data?.assignees ?? []} onChange={setFilters} />
      {content()}
    </div>
  );
}
