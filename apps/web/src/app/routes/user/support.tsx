import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { SupportTicketList } from '@/features/support-tickets/components/support-ticket-list';
import { SupportTicketView } from '@/features/support-tickets/components/support-ticket-view';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/**
 * /user/support (decision 114): the person's support tickets, or one (`?ticket=<id>`, where a reply's e-mail leads)
 * with its conversation. Every role has it: the tickets are the person's own.
 */
export default function SupportRoute() {
  const { t } = useTranslation('support-tickets');
  useDocumentTitle(t('title'));
  const [search, changeSearch] = useSearchState();
  const ticketId = search.get('ticket');
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return `?${next}`;
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('intro')}</p>
        <Link to={paths.contact.getHref()} className="w-fit font-medium text-primary underline-offset-4 hover:underline">
          {t('newRequest')}
        </Link>
      </div>
      {ticketId ? (
        <SupportTicketView key={ticketId} id={ticketId} backHref={withParam('ticket', null)} />
      ) : (
        <SupportTicketList
          page={page}
          onPage={(next) =>
            changeSearch((latest) => {
              const params = new URLSearchParams(latest);
              params.set('page', String(next));
              return params;
            })
          }
          ticketHref={(id) => withParam('ticket', id)}
        />
      )}
    </section>
  );
}
