import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';

import { useAuditFacets } from '../api/get-audit-facets';
import { useAuditLog } from '../api/get-audit-log';
import type { TAuditFilters } from '../utils/audit-filters';

import { AuditFiltersForm } from './audit-filters-form';
import { AuditTable } from './audit-table';

type TAuditLogProps = {
  filters: TAuditFilters;
  page: number;
  onChange: (filters: TAuditFilters, page: number) => void;
};

/** The audit log viewer: filters, the matching events newest first, 50 a page. It only reads. */
export function AuditLog({ filters, page, onChange }: TAuditLogProps) {
  const { t } = useTranslation('admin-insights');
  const log = useAuditLog(filters, page);
  const facets = useAuditFacets();
  const data = log.data;
  const updating = log.isPlaceholderData && log.isFetching;
  // Past AUDIT_COUNT_LIMIT the server stops counting (decision 061): "more than", and pages only that deep.
  const countText = (found: NonNullable<typeof data>) =>
    found.totalCapped ? t('audit.countCapped', { limit: found.total }) : t('audit.count', { count: found.total });

  const body = () => {
    // A refused filter (the end before the start) is said in the server's words; the filters stay as typed.
    if (log.isError) {
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('audit.loadFailed')}</p>
          <p className="text-muted-foreground">{log.error instanceof ApiError ? log.error.message : t('common.unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    if (!data) return <p className="rounded-lg border p-6 text-muted-foreground">{t('audit.loading')}</p>;
    if (data.events.length === 0) return <p className="rounded-lg border p-6 text-center font-medium">{t('audit.empty')}</p>;
    const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
    return (
      <div className="flex flex-col gap-4" aria-busy={updating}>
        <p className="text-sm text-muted-foreground">{countText(data)}</p>
        <AuditTable events={data.events} caption={t('audit.caption', { page: data.page, pages })} />
        {pages > 1 ? (
          <Pagination
            page={data.page}
            pages={pages}
            onPage={(next) => onChange(filters, next)}
            label={t('audit.pagination.label')}
            previousLabel={t('audit.pagination.previous')}
            nextLabel={t('audit.pagination.next')}
            pageOf={t('audit.pagination.pageOf', { page: data.page, pages })}
            // The status line above already says when the page has changed.
            announce={false}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <AuditFiltersForm applied={filters} facets={facets.data} onApply={(next) => onChange(next, 1)} />
      <p role="status" className="sr-only">
        {log.isPending || updating ? t('audit.loading') : data ? countText(data) : ''}
      </p>
      {body()}
    </div>
  );
}
