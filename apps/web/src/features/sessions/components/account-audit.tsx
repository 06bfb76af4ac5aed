import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { LoadFailed } from '@/components/ui/query-states';

import { accountAuditCsvHref, useAccountAudit, useAccountAuditFacets } from '../api/account-audit';
import { EMPTY_FILTERS, hasFilters, paramsFromFilters, type TAccountAuditFilters } from '../utils/audit-filters';

import { AccountAuditTable } from './account-audit-table';

type TAccountAuditProps = {
  filters: TAccountAuditFilters;
  page: number;
  onChange: (filters: TAccountAuditFilters, page: number) => void;
};

/** Person, action and dates (UTC days), applied on submit so that typing does not ask the server at every key. */
function Filters({ applied, onApply }: { applied: TAccountAuditFilters; onApply: (filters: TAccountAuditFilters) => void }) {
  const { t } = useTranslation(['sessions', 'messages']);
  const facets = useAccountAuditFacets();
  const [draft, setDraft] = useState(applied);
  const [shownApplied, setShownApplied] = useState(applied);
  const [backwards, setBackwards] = useState(false);
  if (shownApplied !== applied) {
    setShownApplied(applied);
    setDraft(applied);
  }
  const actionId = useId();
  const problemId = useId();
  const set = (key: keyof TAccountAuditFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const actions = facets.data?.actions ?? [];
  const choices = draft.action && !actions.includes(draft.action) ? [draft.action, ...actions] : actions;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrongWay = Boolean(draft.from && draft.to && draft.from > draft.to);
    setBackwards(wrongWay);
    if (!wrongWay) onApply(draft);
  };

  return (
    <form onSubmit={submit} aria-label={t('audit.filters.label')} className="flex flex-col gap-4 rounded-lg border p-4 sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('audit.filters.actor')}
          description={t('audit.filters.actorHint')}
          value={draft.actor}
          onChange={(event) => set('actor')(event.target.value)}
          autoComplete="off"
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={actionId}>{t('audit.filters.action')}</Label>
          <NativeSelect id={actionId} value={draft.action} onChange={(event) => set('action')(event.target.value)}>
            <option value="">{t('audit.filters.allActions')}</option>
            {choices.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`, { defaultValue: action })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField type="date" label={t('audit.filters.from')} value={draft.from} onChange={(event) => set('from')(event.target.value)} />
        <FormField
          type="date"
          label={t('audit.filters.to')}
          value={draft.to}
          onChange={(event) => set('to')(event.target.value)}
          aria-invalid={backwards || undefined}
          aria-describedby={backwards ? problemId : undefined}
        />
      </div>
      {backwards ? (
        <p id={problemId} role="alert" className="text-sm font-medium text-destructive">
          {t('messages:validation.auditDateOrder')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{t('audit.filters.apply')}</Button>
        <Button
          type="button"
          variant="outline"
          disabled={!hasFilters(draft) && !hasFilters(applied)}
          onClick={() => {
            setBackwards(false);
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('audit.filters.reset')}
        </Button>
      </div>
    </form>
  );
}

/** The account's audit trail: filters, 50 events a page newest first, and the same filters as a CSV file. */
export function AccountAudit({ filters, page, onChange }: TAccountAuditProps) {
  const { t } = useTranslation('sessions');
  const trail = useAccountAudit(paramsFromFilters(filters, page).toString());
  const data = trail.data;
  const updating = trail.isPlaceholderData && trail.isFetching;
  const countText = (found: NonNullable<typeof data>) =>
    found.totalCapped ? t('audit.countCapped', { limit: found.total }) : t('audit.count', { count: found.total });

  const body = () => {
    if (trail.isError)
      return (
        <LoadFailed title={t('audit.loadFailed')} error={trail.error} retryLabel={t('audit.retry')} onRetry={() => void trail.refetch()} />
      );
    if (!data) return <p className="rounded-lg border p-6 text-muted-foreground">{t('audit.loading')}</p>;
    if (data.events.length === 0) return <p className="rounded-lg border p-6 text-center font-medium">{t('audit.empty')}</p>;
    const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
    return (
      <div className="flex flex-col gap-4" aria-busy={updating}>
        <AccountAuditTable events={data.events} caption={t('audit.caption', { page: data.page, pages })} />
        {pages > 1 ? (
          <Pagination
            page={data.page}
            pages={pages}
            onPage={(next) => onChange(filters, next)}
            label={t('audit.pagination.label')}
            previousLabel={t('audit.pagination.previous')}
            nextLabel={t('audit.pagination.next')}
            pageOf={t('audit.pagination.pageOf', { page: data.page, pages })}
            announce={false}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Filters applied={filters} onApply={(next) => onChange(next, 1)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {trail.isPending || updating ? t('audit.loading') : data ? countText(data) : ''}
        </p>
        {/* A plain link: the browser downloads the file with the session cookie, in the page's filters. */}
        <Button asChild variant="outline">
          <a href={accountAuditCsvHref(paramsFromFilters(filters).toString())} download>
            {t('audit.download')}
          </a>
        </Button>
      </div>
      {body()}
    </div>
  );
}
