import type { TMember } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

import { useRemoveMember } from '../api/remove-member';
import { failureMessage } from '../utils/failure-message';

type TRemoveMemberDialogProps = { member: TMember; onClose: () => void; returnFocus: () => void };

/** Asks before removing a login: it cannot be undone, and the person is signed out at once. */
export function RemoveMemberDialog({ member, onClose, returnFocus }: TRemoveMemberDialogProps) {
  const { t } = useTranslation(['members', 'errors']);
  const removeMember = useRemoveMember();

  const confirm = async () => {
    try {
      await removeMember.mutateAsync(member.userId);
      toast({ title: t('toasts.removedTitle'), description: t('toasts.removedDescription', { name: member.name }) });
    } catch (error) {
      toast({ title: t('toasts.removeFailedTitle'), description: failureMessage(error, t('errors:api.unknown')), variant: 'destructive' });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('removeDialog.title', { name: member.name })}
      description={t('removeDialog.description', { name: member.name })}
      cancelLabel={t('removeDialog.cancel')}
      confirmLabel={t('removeDialog.confirm')}
      pendingLabel={t('removeDialog.removing')}
      pending={removeMember.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
