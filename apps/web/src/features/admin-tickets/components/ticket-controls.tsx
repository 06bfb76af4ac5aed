import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TAdminTicketDetail,
  type TTicketPerson,
  type TTicketPriority,
  type TTicketStatus,
  type TTicketUpdateRequest,
} from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectField, SelectOptions } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useUpdateTicket } from '../api/update-ticket';

import { AssigneeOptions, nameOf } from './assignee-options';

type TTicketControlsProps = { ticket: TAdminTicketDetail; assignees: readonly TTicketPerson[] };

/** Status, priority and assignee: each choice is saved at once and confirmed by a toast. */
export function TicketControls({ ticket, assignees }: TTicketControlsProps) {
  const { t } = useTranslation('admin-support');
  const id = useId();
  const update = useUpdateTicket();
  // The current assignee stays listed even if they are no longer an admin.
  const choices = ticket.assignee && !assignees.some((a) => a.id === ticket.assignee!.id) ? [...assignees, ticket.assignee] : assignees;

  const describe = (change: TTicketUpdateRequest) => {
    if (change.status) return t('tickets.toasts.statusChanged', { status: t(`tickets.status.${change.status}`) });
    if (change.priority) return t('tickets.toasts.priorityChanged', { priority: t(`tickets.priority.${change.priority}`) });
    const assignee = choices.find((a) => a.id === change.assigneeId);
    return assignee ? t('tickets.toasts.assigned', { name: nameOf(assignee) }) : t('tickets.toasts.unassigned');
  };

  const save = async (change: TTicketUpdateRequest) => {
    try {
      await update.mutateAsync({ id: ticket.id, change });
      toast({ title: t('tickets.toasts.updatedTitle'), description: describe(change) });
    } catch (error) {
      toast({
        title: t('tickets.toasts.updateFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  return (
    <fieldset className="flex flex-col gap-4" disabled={update.isPending}>
      <legend className="mb-4 text-lg font-semibold">{t('tickets.view.controls')}</legend>
      <SelectField
        id={`${id}-status`}
        label={t('tickets.filters.status')}
        value={ticket.status}
        onChange={(e) => void save({ status: e.target.value as TTicketStatus })}
      >
        <SelectOptions values={TICKET_STATUSES} labelOf={(status) => t(`tickets.status.${status}`)} />
      </SelectField>
      <SelectField
        id={`${id}-priority`}
        label={t('tickets.filters.priority')}
        value={ticket.priority}
        onChange={(e) => void save({ priority: e.target.value as TTicketPriority })}
      >
        <SelectOptions values={TICKET_PRIORITIES} labelOf={(priority) => t(`tickets.priority.${priority}`)} />
      </SelectField>
      <SelectField
        id={`${id}-assignee`}
        label={t('tickets.filters.assignee')}
        value={ticket.assignee?.id ?? ''}
        onChange={(e) => void save({ assigneeId: e.target.value || null })}
      >
        <option value="">{t('tickets.unassigned')}</option>
        <AssigneeOptions assignees={choices} />
      </SelectField>
    </fieldset>
  );
}
