import type { TBlockedNumber } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRemoveBlockedNumber } from '../api/remove-blocked-number';

type TRemoveBlockedNumberDialogProps = { entry: TBlockedNumber; onClose: () => void; returnFocus: () => void };

/** Asks before unblocking: the number's calls and faxes come through again at once. */
export function RemoveBlockedNumberDialog({ entry, onClose, returnFocus }: TRemoveBlockedNumberDialogProps) {
  const { t } = useTranslation(['blocklist', 'errors']);
  const removeBlockedNumber = useRemoveBlockedNumber();
  const prefix = entry.prefix;

  const confirm = async () => {
    try {
      await removeBlockedNumber.mutateAsync(entry.id);
      toast({ title: t('toasts.removedTitle'), description: t('toasts.removedDescription', { prefix }) });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.removeFailedTitle'), description, variant: 'destructive' });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('removeDialog.title', { prefix })}
      description={t('removeDialog.description', { prefix })}
      cancelLabel={t('removeDialog.cancel')}
      confirmLabel={t('removeDialog.confirm')}
      pendingLabel={t('removeDialog.removing')}
      pending={removeBlockedNumber.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
