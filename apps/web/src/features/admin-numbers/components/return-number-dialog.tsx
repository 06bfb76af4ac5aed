import type { TAdminNumber } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useReturnNumberToCarrier } from '../api/carrier-numbers';
import { carrierName } from '../utils/carrier-numbers';
import { displayNumber } from '../utils/number-display';

type TReturnNumberDialogProps = { number: TAdminNumber; onClose: () => void; returnFocus: () => void };

/**
 * Asks before giving a number back to the carrier it was ordered from: it leaves the inventory and
 * goes back to the carrier, which may sell it to someone else.
 */
export function ReturnNumberDialog({ number, onClose, returnFocus }: TReturnNumberDialogProps) {
  const { t } = useTranslation('admin-catalogue');
  const giveBack = useReturnNumberToCarrier();
  const shown = displayNumber(number.phoneNumber);
  const carrier = carrierName(number.provider);

  const confirm = async () => {
    try {
      await giveBack.mutateAsync(number.id);
      toast({ title: t('numbers.toasts.returnedTitle'), description: t('numbers.toasts.returnedDescription', { number: shown, carrier }) });
    } catch (error) {
      toast({
        title: t('numbers.toasts.returnFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('numbers.returnDialog.title', { number: shown, carrier })}
      description={t('numbers.returnDialog.description', { carrier })}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('numbers.returnDialog.confirm')}
      pendingLabel={t('numbers.returnDialog.returning')}
      pending={giveBack.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
