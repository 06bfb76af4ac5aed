import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { AuditLog } from '@/features/admin-audit/components/audit-log';
import { filtersFromParams, paramsFromFilters, type TAuditFilters } from '@/features/admin-audit/utils/audit-filters';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/** /admin/audit-log: who did what, when, from where. The filters and the page live in the address. */
export default function AdminAuditLogRoute() {
  const { t } = useTranslation('admin-insights');
  useDocumentTitle(t('audit.title'));
  const [searchParams, changeSearch] = useSearchState();
  const { filters, page } = useMemo(() => filtersFromParams(searchParams), [searchParams]);

  // The filters form applies all of its fields at once, so a change replaces the search rather than merging into it.
  const change = (next: TAuditFilters, nextPage: number) => changeSearch(() => paramsFromFilters(next, nextPage));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('audit.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('audit.intro')}</p>
      </div>
      <AuditLog filters={filters} page={page} onChange={change} />
    </section>
  );
}
