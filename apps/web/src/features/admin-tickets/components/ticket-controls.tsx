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

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useUpdateTicket } from '../api/update-ticket';

type TTicketControlsProps = { ticket: TAdminTicketDetail; assignees: readonly TTicketPerson[] };

/** Status, priority and assignee: each choice is saved at once and confirmed by a toast. */
export function TicketControls({ ticket, assignees }: TTicketControlsProps) {
  const { t } = useTranslation('admin-support');
  const id = useId();
  const update = useUpdateTicket();
  // The current assignee stays listed even if they are no longer an admin.
  const choices = ticket.assignee && !assignees.some((a) => a.id === ticket.assignee!.id) ? [...assignees, ticket.assignee] : assignees;
  const nameOf = (person: TTicketPerson) => person.name || person.email;

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
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-status`}>{t('tickets.filters.status')}</Label>
        <NativeSelect id={`${id}-status`} value={ticket.status} onChange={(e) => void save({ status: e.target.value as TTicketStatus })}>
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
          value={ticket.priority}
          onChange={(e) => void save({ priority: e.target.value as TTicketPriority })}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`tickets.priority.${priority}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-assignee`}>{t('tickets.filters.assignee')}</Label>
        <NativeSelect
          id={`${id}-assignee`}
          value={ticket.assignee?.id ?? ''}
          onChange={(e) => void save({ assigneeId: e.target.value || null })}
        >
          <option value="">{t('tickets.unassigned')}</option>
          {choices.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {nameOf(admin)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </fieldset>
  );
}
