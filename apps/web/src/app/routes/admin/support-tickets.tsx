import { useTranslation } from 'react-i18next';

import { TicketView } from '@/features/admin-tickets/components/ticket-view';
import { TicketsAdmin } from '@/features/admin-tickets/components/tickets-admin';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/**
 * /admin/support-tickets (spec 001 §2.11): the ticket table with its filters, or one ticket (`?ticket=<id>`) with its
 * thread, reply box and controls. The filters stay in the address while a ticket is open.
 */
export default function AdminSupportTicketsRoute() {
  const { t } = useTranslation('admin-support');
  useDocumentTitle(t('tickets.title'));
  const [search] = useSearchState();
  const ticketId = search.get('ticket');
  const back = new URLSearchParams(search);
  back.delete('ticket');

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('tickets.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('tickets.intro')}</p>
      </div>
      {ticketId ? <TicketView key={ticketId} id={ticketId} backHref={`?${back}`} /> : <TicketsAdmin />}
    </section>
  );
}
