import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicketPerson } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField, SelectOptions } from '@/components/ui/native-select';

import { DEFAULT_TICKET_FILTERS, type TTicketFilters } from '../utils/ticket-filters';

import { AssigneeOptions } from './assignee-options';

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
      <SelectField
        id={`${id}-status`}
        label={t('tickets.filters.status')}
        value={filters.status}
        onChange={(e) => set({ status: e.target.value as TTicketFilters['status'] })}
      >
        <option value="all">{t('tickets.filters.allStatuses')}</option>
        <SelectOptions values={TICKET_STATUSES} labelOf={(status) => t(`tickets.status.${status}`)} />
      </SelectField>
      <SelectField
        id={`${id}-priority`}
        label={t('tickets.filters.priority')}
        value={filters.priority}
        onChange={(e) => set({ priority: e.target.value as TTicketFilters['priority'] })}
      >
        <option value="all">{t('tickets.filters.allPriorities')}</option>
        <SelectOptions values={TICKET_PRIORITIES} labelOf={(priority) => t(`tickets.priority.${priority}`)} />
      </SelectField>
      <SelectField
        id={`${id}-assignee`}
        label={t('tickets.filters.assignee')}
        value={filters.assignee}
        onChange={(e) => set({ assignee: e.target.value })}
      >
        <option value="any">{t('tickets.filters.anyone')}</option>
        <option value="unassigned">{t('tickets.unassigned')}</option>
        <AssigneeOptions assignees={assignees} />
        {unknownAssignee ? <option value={filters.assignee}>{t('tickets.filters.formerAdmin')}</option> : null}
      </SelectField>
      <div>
        <Button type="button" variant="outline" disabled={!isFiltered} onClick={() => onChange(DEFAULT_TICKET_FILTERS)}>
          {t('tickets.filters.reset')}
        </Button>
      </div>
    </fieldset>
  );
}
