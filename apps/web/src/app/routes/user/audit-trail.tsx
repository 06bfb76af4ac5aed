import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ForRolesThatMay } from '@/components/layouts/user/user-page';
import { AccountAudit } from '@/features/sessions/components/account-audit';
import { filtersFromParams, paramsFromFilters, type TAccountAuditFilters } from '@/features/sessions/utils/audit-filters';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/** /user/audit-trail (decision 109): the account's trail for its owner and sub-admins; filters and page in the address. */
export default function AuditTrailRoute() {
  const { t } = useTranslation('sessions');
  useDocumentTitle(t('audit.title'));
  const [searchParams, changeSearch] = useSearchState();
  const { filters, page } = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const change = (next: TAccountAuditFilters, nextPage: number) => changeSearch(() => paramsFromFilters(next, nextPage));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('audit.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('audit.intro')}</p>
      </div>
      <ForRolesThatMay permission="seeAccountAudit" checking={t('checkingRole')} notAllowed={t('audit.notAllowed')}>
        <AccountAudit filters={filters} page={page} onChange={change} />
      </ForRolesThatMay>
    </section>
  );
}
