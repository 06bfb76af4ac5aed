import type { TFax } from '@faxline/shared';
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
    <AlertDialog open onOpenChange={(open) => (open || cancelFax.isPending ? null : onClose())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo?.focus();
        }}
      >
        <AlertDialogTitle>{t('history.cancelTitle')}</AlertDialogTitle>
        <AlertDialogDescription>{t('history.cancelDescription', { number })}</AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <AlertDialogCancel disabled={cancelFax.isPending}>{t('history.cancelKeep')}</AlertDialogCancel>
          <AlertDialogAction disabled={cancelFax.isPending} onClick={() => void confirm()}>
            {cancelFax.isPending ? t('history.canceling') : t('history.cancelConfirm')}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
