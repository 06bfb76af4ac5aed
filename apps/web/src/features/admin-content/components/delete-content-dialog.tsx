import type { TContentSummary } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeleteContentItem } from '../api/delete-content-item';

type TDeleteContentDialogProps = {
  item: TContentSummary;
  onClose: (deleted: boolean) => void;
  /** Where focus goes when the dialog closes (the row's Delete button is gone once the item is). */
  returnFocus: () => void;
};

/** Asks before deleting: a deleted item cannot come back, and a published one leaves the site at once. */
export function DeleteContentDialog({ item, onClose, returnFocus }: TDeleteContentDialogProps) {
  const { t } = useTranslation('admin-support');
  const remove = useDeleteContentItem();

  const confirm = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast({ title: t('content.toasts.deletedTitle'), description: t('content.toasts.deletedDescription', { title: item.title }) });
      onClose(true);
    } catch (error) {
      toast({
        title: t('content.toasts.deleteFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
      onClose(false);
    }
  };

  return (
    <ConfirmDialog
      title={t('content.deleteDialog.title', { title: item.title })}
      description={t('content.deleteDialog.description')}
      cancelLabel={t('content.deleteDialog.cancel')}
      confirmLabel={t('content.deleteDialog.confirm')}
      pendingLabel={t('content.deleteDialog.deleting')}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
      returnFocus={returnFocus}
    />
  );
}
