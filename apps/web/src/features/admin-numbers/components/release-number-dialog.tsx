import type { TAdminNumber } from '@faxline/shared';
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
    <AlertDialog open onOpenChange={(open) => (open || release.isPending ? null : onClose())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <AlertDialogTitle>{t('numbers.releaseDialog.title', { number: shown })}</AlertDialogTitle>
        <AlertDialogDescription>{t('numbers.releaseDialog.description', { owner: ownerText })}</AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <AlertDialogCancel disabled={release.isPending}>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={release.isPending} onClick={() => void confirm()}>
            {release.isPending ? t('numbers.releaseDialog.releasing') : t('numbers.releaseDialog.confirm')}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
