import type { TContact } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';

import { useDeleteContact } from '../api/delete-contact';

type TDeleteContactDialogProps = { contact: TContact; onClose: () => void; returnFocus: () => void };

/** Asks before deleting a contact from the address book. */
export function DeleteContactDialog({ contact, onClose, returnFocus }: TDeleteContactDialogProps) {
  const { t } = useTranslation('contacts');
  const deleteContact = useDeleteContact();
  const { name } = contact;

  return (
    <ActionConfirmDialog
      title={t('deleteDialog.title', { name })}
      description={t('deleteDialog.description', { name, number: contact.fax_number })}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      pendingLabel={t('deleteDialog.deleting')}
      action={{ run: () => deleteContact.mutateAsync(contact.id), pending: deleteContact.isPending }}
      done={{ title: t('toasts.deletedTitle'), description: t('toasts.deletedDescription', { name }) }}
      failedTitle={t('toasts.deleteFailedTitle')}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
