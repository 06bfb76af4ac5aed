import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';

import { BackupCodesPanel } from './backup-codes-panel';
import { PasswordCheckForm } from './password-check-form';
import { TwoFactorDialog, type TCloseGuard } from './two-factor-dialog';

type TNewBackupCodesDialogProps = { open: boolean; onClose: () => void; returnFocus: () => void };

/** Ten new backup codes, with the password; the previous ones stop working. Shown once, like the first set. */
export function NewBackupCodesDialog({ open, onClose, returnFocus }: TNewBackupCodesDialogProps) {
  const { t } = useTranslation(['security', 'errors']);
  const regenerate = useRegenerateBackupCodes();

  const close = () => {
    // The codes must not be there to see when the dialog opens again.
    regenerate.reset();
    onClose();
  };

  const submit = (password: string) =>
    regenerate.mutate(
      { password },
      {
        onSuccess: () => toast({ title: t('regenerate.successTitle'), description: t('regenerate.successDescription') }),
        onError: (error) =>
          toast({
            title: t('regenerate.failedTitle'),
            description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
            variant: 'destructive',
          }),
      },
    );

  const codes = regenerate.data?.backupCodes;
  return (
    <TwoFactorDialog
      open={open}
      onClose={close}
      returnFocus={returnFocus}
      title={t('regenerate.title')}
      description={codes ? t('regenerate.createdDescription') : t('regenerate.description')}
    >
      {(guard) =>
        codes ? (
          <NewCodes codes={codes} onDone={close} {...guard} />
        ) : (
          <PasswordCheckForm
            intro={t('regenerate.intro')}
            submitLabel={t('regenerate.submit')}
            pendingLabel={t('regenerate.submitting')}
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={submit}
            onCancel={close}
          />
        )
      }
    </TwoFactorDialog>
  );
}

/** The new set replaces the password form, and focus goes to its heading (the button that asked for it is gone). */
function NewCodes({ codes, onDone, ...guard }: TCloseGuard & { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-hidden">
        {t('backupCodes.title')}
      </h3>
      <BackupCodesPanel codes={codes} onDone={onDone} {...guard} />
    </div>
  );
}
