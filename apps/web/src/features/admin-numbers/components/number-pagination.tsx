import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

type TNumberPaginationProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next, with "Page X of Y" between them (the server pages the lists). */
export function NumberPagination({ page, pages, onPage }: TNumberPaginationProps) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <nav aria-label={t('common.pagination')} className="flex items-center justify-between gap-3">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
