import type { TContact } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeleteContact } from '../api/delete-contact';

type TDeleteContactDialogProps = { contact: TContact; onClose: () => void; returnFocus: () => void };

/** Asks before deleting a contact from the address book. */
export function DeleteContactDialog({ contact, onClose, returnFocus }: TDeleteContactDialogProps) {
  const { t } = useTranslation(['contacts', 'errors']);
  const deleteContact = useDeleteContact();
  const { name } = contact;

  const confirm = async () => {
    try {
      await deleteContact.mutateAsync(contact.id);
      toast({ title: t('toasts.deletedTitle'), description: t('toasts.deletedDescription', { name }) });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.deleteFailedTitle'), description, variant: 'destructive' });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('deleteDialog.title', { name })}
      description={t('deleteDialog.description', { name, number: contact.fax_number })}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      pendingLabel={t('deleteDialog.deleting')}
      pending={deleteContact.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
