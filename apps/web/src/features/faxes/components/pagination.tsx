import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

type TPaginationProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next, with "Page X of Y" between them (server-side paging). */
export function Pagination({ page, pages, onPage }: TPaginationProps) {
  const { t } = useTranslation('faxes');
  return (
    <nav aria-label={t('history.pagination')} className="flex items-center justify-between gap-3">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('history.previous')}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('history.pageOf', { page, pages })}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('history.next')}
      </Button>
    </nav>
  );
}
