import type { TFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useCancelFax } from '../api/cancel-fax';
import { formatNumber } from '../utils/format';

type TCancelFaxDialogProps = { fax: TFax; onClose: () => void; returnFocusTo: HTMLElement | null };

/** Asks before canceling a queued or scheduled fax; the server refuses (409) once it has started. */
export function CancelFaxDialog({ fax, onClose, returnFocusTo }: TCancelFaxDialogProps) {
  const { t } = useTranslation(['faxes', 'errors']);
  const cancelFax = useCancelFax();
  const number = formatNumber(fax.toNumber, '');

  const confirm = async () => {
    try {
      await cancelFax.mutateAsync(fax.id);
      toast({ title: t('history.canceledTitle'), description: t('history.canceledDescription', { number }) });
    } catch (error) {
      toast({
        title: t('history.cancelFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('history.cancelTitle')}
      description={t('history.cancelDescription', { number })}
      cancelLabel={t('history.cancelKeep')}
      confirmLabel={t('history.cancelConfirm')}
      pendingLabel={t('history.canceling')}
      pending={cancelFax.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={() => returnFocusTo?.focus()}
    />
  );
}
