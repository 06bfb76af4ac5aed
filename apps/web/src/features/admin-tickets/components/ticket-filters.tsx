import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicketPerson } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

import { DEFAULT_TICKET_FILTERS, type TTicketFilters } from '../utils/ticket-filters';

type TTicketFiltersProps = {
  filters: TTicketFilters;
  assignees: readonly TTicketPerson[];
  /** A change to some of the filters, made on the latest ones (two quick changes both count). */
  onChange: (change: Partial<TTicketFilters>) => void;
};

/** Status, priority and assignee filters; each change applies at once and goes back to the first page. */
export function TicketFilters({ filters, assignees, onChange }: TTicketFiltersProps) {
  const { t } = useTranslation('admin-support');
  const id = useId();
  const set = (change: Partial<TTicketFilters>) => onChange({ ...change, page: 1 });
  const isFiltered = filters.status !== 'all' || filters.priority !== 'all' || filters.assignee !== 'any';
  // An admin named in the address but no longer one still shows as the chosen value.
  const unknownAssignee = !['any', 'unassigned'].includes(filters.assignee) && !assignees.some((a) => a.id === filters.assignee);

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,14rem))_auto] lg:items-end">
      <legend className="sr-only">{t('tickets.filters.label')}</legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-status`}>{t('tickets.filters.status')}</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as TTicketFilters['status'] })}
        >
          <option value="all">{t('tickets.filters.allStatuses')}</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`tickets.status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-priority`}>{t('tickets.filters.priority')}</Label>
        <NativeSelect
          id={`${id}-priority`}
          value={filters.priority}
          onChange={(e) => set({ priority: e.target.value as TTicketFilters['priority'] })}
        >
          <option value="all">{t('tickets.filters.allPriorities')}</option>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`tickets.priority.${priority}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-assignee`}>{t('tickets.filters.assignee')}</Label>
        <NativeSelect id={`${id}-assignee`} value={filters.assignee} onChange={(e) => set({ assignee: e.target.value })}>
          <option value="any">{t('tickets.filters.anyone')}</option>
          <option value="unassigned">{t('tickets.unassigned')}</option>
          {assignees.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name || admin.email}
            </option>
          ))}
          {unknownAssignee ? <option value={filters.assignee}>{t('tickets.filters.formerAdmin')}</option> : null}
        </NativeSelect>
      </div>
      <div>
        <Button type="button" variant="outline" disabled={!isFiltered} onClick={() => onChange(DEFAULT_TICKET_FILTERS)}>
          {t('tickets.filters.reset')}
        </Button>
      </div>
    </fieldset>
  );
}
