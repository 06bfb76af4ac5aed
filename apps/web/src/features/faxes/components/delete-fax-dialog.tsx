import type { TFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeleteFax } from '../api/delete-fax';
import { formatNumber } from '../utils/format';

type TDeleteFaxDialogProps = {
  fax: Pick<TFax, 'id' | 'direction' | 'toNumber' | 'fromNumber'>;
  onClose: () => void;
  /** After the fax is gone (its row and details go with it). */
  onDeleted?: () => void;
  returnFocusTo: HTMLElement | null;
};

/** Asks before deleting a fax that has ended: its documents go, the audit trail keeps that it existed. */
export function DeleteFaxDialog({ fax, onClose, onDeleted, returnFocusTo }: TDeleteFaxDialogProps) {
  const { t } = useTranslation(['faxes', 'errors']);
  const deleteFax = useDeleteFax();
  const number = formatNumber(fax.direction === 'outbound' ? fax.toNumber : fax.fromNumber, t('history.unknownSender'));

  const confirm = async () => {
    try {
      await deleteFax.mutateAsync(fax.id);
      toast({ title: t('history.deletedTitle'), description: t('history.deletedDescription') });
      onDeleted?.();
    } catch (error) {
      toast({
        title: t('history.deleteFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('history.deleteTitle')}
      description={t('history.deleteDescription', { number })}
      cancelLabel={t('history.deleteKeep')}
      confirmLabel={t('history.deleteConfirm')}
      pendingLabel={t('history.deleting')}
      pending={deleteFax.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={() => returnFocusTo?.focus()}
    />
  );
}
