import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

type TTicketPaginationProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next, with "Page X of Y" between them (the server pages the list). */
export function TicketPagination({ page, pages, onPage }: TTicketPaginationProps) {
  const { t } = useTranslation('admin-support');
  return (
    <nav aria-label={t('tickets.pagination.label')} className="flex items-center justify-between gap-3">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('tickets.pagination.previous')}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('tickets.pagination.pageOf', { page, pages })}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('tickets.pagination.next')}
      </Button>
    </nav>
  );
}
