import type { TAdminNumber } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useReleaseNumber } from '../api/release-number';
import { displayNumber, ownerLabel } from '../utils/number-display';

type TReleaseNumberDialogProps = { number: TAdminNumber; onClose: () => void; returnFocus: () => void };

/** Asks before releasing a number: it leaves the account and goes back to the available numbers (spec 001 §4). */
export function ReleaseNumberDialog({ number, onClose, returnFocus }: TReleaseNumberDialogProps) {
  const { t } = useTranslation('admin-catalogue');
  const release = useReleaseNumber();
  const shown = displayNumber(number.phoneNumber);
  const owner = ownerLabel(number);
  const ownerText =
    owner.kind === 'email'
      ? owner.email
      : owner.kind === 'fragment'
        ? t('numbers.unknownOwner', { fragment: owner.fragment })
        : t('numbers.noAccount');

  const confirm = async () => {
    try {
      await release.mutateAsync(number.id);
      toast({ title: t('numbers.toasts.releasedTitle'), description: t('numbers.toasts.releasedDescription', { number: shown }) });
    } catch (error) {
      toast({
        title: t('numbers.toasts.releaseFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('numbers.releaseDialog.title', { number: shown })}
      description={t('numbers.releaseDialog.description', { owner: ownerText })}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('numbers.releaseDialog.confirm')}
      pendingLabel={t('numbers.releaseDialog.releasing')}
      pending={release.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
