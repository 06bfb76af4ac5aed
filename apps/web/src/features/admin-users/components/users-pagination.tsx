import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

type TUsersPaginationProps = { page: number; pages: number; total: number; pageSize: number; onPage: (page: number) => void };

/** Previous and next around "Page X of Y" and which rows are shown (server-side paging, spec 001 §9). */
export function UsersPagination({ page, pages, total, pageSize, onPage }: TUsersPaginationProps) {
  const { t, i18n } = useTranslation('admin');
  const number = new Intl.NumberFormat(i18n.language);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('users.pagination')} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('users.showing', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </p>
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('users.previous')}
        </Button>
        <p className="text-sm whitespace-nowrap">{t('users.pageOf', { page: number.format(page), pages: number.format(pages) })}</p>
        <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('users.next')}
        </Button>
      </div>
    </nav>
  );
}
