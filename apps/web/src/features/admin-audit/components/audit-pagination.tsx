import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

type TAuditPaginationProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next, with "Page X of Y" between them (server-side paging, 50 a page). */
export function AuditPagination({ page, pages, onPage }: TAuditPaginationProps) {
  const { t } = useTranslation('admin-insights');
  return (
    <nav aria-label={t('audit.pagination.label')} className="flex items-center justify-between gap-3">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('audit.pagination.previous')}
      </Button>
      <p className="text-sm text-muted-foreground">{t('audit.pagination.pageOf', { page, pages })}</p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('audit.pagination.next')}
      </Button>
    </nav>
  );
}
