import type { TAdminAuditFacets } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

import { EMPTY_AUDIT_FILTERS, hasFilters, type TAuditFilters } from '../utils/audit-filters';

type TAuditFiltersFormProps = {
  applied: TAuditFilters;
  facets: TAdminAuditFacets | undefined;
  onApply: (filters: TAuditFilters) => void;
};

/** A choice of the select, kept even when the facets do not list it (a shared address, a facet not loaded yet). */
const withCurrent = (values: string[] | undefined, current: string) =>
  current && !(values ?? []).includes(current) ? [current, ...(values ?? [])] : (values ?? []);

/** Person, action, object and dates (UTC days). Applied on submit, so typing does not fire a query per key. */
export function AuditFiltersForm({ applied, facets, onApply }: TAuditFiltersFormProps) {
  const { t } = useTranslation(['admin-insights', 'messages']);
  const [draft, setDraft] = useState(applied);
  const [shownApplied, setShownApplied] = useState(applied);
  const [dateProblem, setDateProblem] = useState(false);
  // The address changed (back button, a link): the form shows what is applied now.
  if (shownApplied !== applied) {
    setShownApplied(applied);
    setDraft(applied);
  }
  const actionId = useId();
  const objectTypeId = useId();
  const dateProblemId = useId();
  const set = (key: keyof TAuditFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Date inputs give YYYY-MM-DD, which compare as text; the server checks the same and says so too.
    const backwards = Boolean(draft.from && draft.to && draft.from > draft.to);
    setDateProblem(backwards);
    if (!backwards) onApply(draft);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t('audit.filters.label')}
      className="flex flex-col gap-4 rounded-lg border bg-background p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
            {withCurrent(facets?.actions, draft.action).map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={objectTypeId}>{t('audit.filters.objectType')}</Label>
          <NativeSelect id={objectTypeId} value={draft.objectType} onChange={(event) => set('objectType')(event.target.value)}>
            <option value="">{t('audit.filters.allObjectTypes')}</option>
            {withCurrent(facets?.objectTypes, draft.objectType).map((objectType) => (
              <option key={objectType} value={objectType}>
                {objectType}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField
          label={t('audit.filters.objectId')}
          value={draft.objectId}
          onChange={(event) => set('objectId')(event.target.value)}
          autoComplete="off"
        />
        <FormField type="date" label={t('audit.filters.from')} value={draft.from} onChange={(event) => set('from')(event.target.value)} />
        <FormField
          type="date"
          label={t('audit.filters.to')}
          value={draft.to}
          onChange={(event) => set('to')(event.target.value)}
          aria-invalid={dateProblem || undefined}
          aria-describedby={dateProblem ? dateProblemId : undefined}
        />
      </div>
      {dateProblem ? (
        <p id={dateProblemId} role="alert" className="text-sm font-medium text-destructive">
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
            setDraft(EMPTY_AUDIT_FILTERS);
            setDateProblem(false);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          {t('audit.filters.reset')}
        </Button>
      </div>
    </form>
  );
}
