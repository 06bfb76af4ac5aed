import type { TMember } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/lib/toast';

import { useRemoveMember } from '../api/remove-member';
import { failureMessage } from '../utils/failure-message';

type TRemoveMemberDialogProps = { member: TMember; onClose: () => void; onCloseAutoFocus: (event: Event) => void };

/** Asks before removing a login: it cannot be undone, and the person is signed out at once. */
export function RemoveMemberDialog({ member, onClose, onCloseAutoFocus }: TRemoveMemberDialogProps) {
  const { t } = useTranslation(['members', 'errors']);
  const removeMember = useRemoveMember();
  const removing = removeMember.isPending;

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
    <AlertDialog open onOpenChange={(open) => (open || removing ? null : onClose())}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{t('removeDialog.title', { name: member.name })}</AlertDialogTitle>
        <AlertDialogDescription>{t('removeDialog.description', { name: member.name })}</AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <AlertDialogCancel disabled={removing}>{t('removeDialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={removing} onClick={() => void confirm()}>
            {removing ? t('removeDialog.removing') : t('removeDialog.confirm')}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
