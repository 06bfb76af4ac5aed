import type { TContentSummary } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
    <AlertDialog open onOpenChange={(open) => (open || remove.isPending ? null : onClose(false))}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <AlertDialogTitle>{t('content.deleteDialog.title', { title: item.title })}</AlertDialogTitle>
        <AlertDialogDescription>{t('content.deleteDialog.description')}</AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <AlertDialogCancel disabled={remove.isPending}>{t('content.deleteDialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending ? t('content.deleteDialog.deleting') : t('content.deleteDialog.confirm')}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
