import type { TAccountNumber } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormProblem } from '@/components/ui/form-field';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';

import { useReleaseAccountNumber } from '../api/release-account-number';

import { problemOf } from './problem-of';

type TReleaseNumberDialogProps = {
  number: TAccountNumber;
  label: string;
  quarantineDays: number;
  onClose: () => void;
  onReleased: () => void;
};

/**
 * The warning before a number is given back: faxes to it stop reaching the account at once, and it cannot be taken
 * back, by anyone, for the quarantine's days. A refusal stays in the dialog, in the server's words.
 */
export function ReleaseNumberDialog({ number, label, quarantineDays, onClose, onReleased }: TReleaseNumberDialogProps) {
  const { t, i18n } = useTranslation(['account-numbers', 'errors']);
  const release = useReleaseAccountNumber();
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setRefusal(null);
    try {
      const released = await release.mutateAsync(number.id);
      toast({
        title: t('release.doneTitle'),
        description: t('release.doneDescription', { number: label, until: formatDate(released.quarantinedUntil, i18n.language) }),
      });
      onClose();
      onReleased();
    } catch (error) {
      setRefusal(problemOf(error, t('errors:api.unknown')));
    }
  };

  return (
    <ConfirmDialog
      title={t('release.title', { number: label })}
      description={
        <div className="flex flex-col gap-2">
          <p>{t('release.stops')}</p>
          <p>{t('release.quarantine', { count: quarantineDays })}</p>
        </div>
      }
      cancelLabel={t('release.cancel')}
      confirmLabel={t('release.confirm')}
      pendingLabel={t('release.releasing')}
      pending={release.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <FormProblem>{refusal}</FormProblem>
    </ConfirmDialog>
  );
}
