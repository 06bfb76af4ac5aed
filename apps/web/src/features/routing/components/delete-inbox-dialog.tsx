import type { TInbox } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormProblem } from '@/components/ui/form-field';
import { toast } from '@/lib/toast';

import { useDeleteInbox } from '../api/delete-inbox';

import { serverProblemOf } from './server-problem';

type TDeleteInboxDialogProps = { inbox: TInbox; onClose: () => void; returnFocus: () => void };

/**
 * Asks before deleting an inbox. A refusal stays in the dialog, in the server's words: an inbox that still holds faxes
 * is not deleted (409) until they are moved, and the person should read why before closing.
 */
export function DeleteInboxDialog({ inbox, onClose, returnFocus }: TDeleteInboxDialogProps) {
  const { t } = useTranslation(['routing', 'errors']);
  const remove = useDeleteInbox();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { name } = inbox;

  const confirm = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync(inbox.id);
      toast({ title: t('inboxes.toasts.deletedTitle'), description: t('inboxes.toasts.deletedDescription', { name }) });
      onClose();
    } catch (error) {
      setRefusal(serverProblemOf(error, t('errors:api.unknown')).message);
    }
  };

  return (
    <ConfirmDialog
      title={t('inboxes.deleteDialog.title')}
      description={t('inboxes.deleteDialog.description', { name })}
      cancelLabel={t('inboxes.deleteDialog.cancel')}
      confirmLabel={t('inboxes.deleteDialog.confirm')}
      pendingLabel={t('inboxes.deleteDialog.deleting')}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    >
      <FormProblem>{refusal}</FormProblem>
    </ConfirmDialog>
  );
}
