import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDisableTwoFactor } from '../api/disable-two-factor';

import { PasswordCheckForm } from './password-check-form';
import { TwoFactorDialog } from './two-factor-dialog';

type TDisableTwoFactorDialogProps = { open: boolean; onClose: () => void; returnFocus: () => void };

/** Turns two-factor sign-in off, with the password. */
export function DisableTwoFactorDialog({ open, onClose, returnFocus }: TDisableTwoFactorDialogProps) {
  const { t } = useTranslation(['security', 'errors']);
  const disable = useDisableTwoFactor();

  const close = () => {
    // A refusal from an earlier opening is not shown again.
    disable.reset();
    onClose();
  };

  const submit = (password: string) =>
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          toast({ title: t('disable.successTitle'), description: t('disable.successDescription') });
          close();
        },
        onError: (error) =>
          toast({
            title: t('disable.failedTitle'),
            description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <TwoFactorDialog
      open={open}
      onClose={close}
      returnFocus={returnFocus}
      title={t('disable.title')}
      description={t('disable.description')}
    >
      {() => (
        <PasswordCheckForm
          intro={t('disable.intro')}
          submitLabel={t('disable.submit')}
          pendingLabel={t('disable.submitting')}
          pending={disable.isPending}
          error={disable.error}
          onSubmit={submit}
          onCancel={close}
          destructive
        />
      )}
    </TwoFactorDialog>
  );
}
