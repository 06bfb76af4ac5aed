import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import type { TSettingsForm } from '../hooks/use-settings-form';

/** 'Reset to Defaults' and its confirmation, which says what the defaults are (spec 001 §9) and that keys are kept. */
export function ResetSettingsDialog({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (await form.resetToDefaults()) setOpen(false);
  };

  return (
    <>
      <Button type="button" variant="outline" disabled={form.saving} onClick={() => setOpen(true)}>
        {t('actions.reset')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('resetDialog.title')}
        description={
          <div className="flex flex-col gap-2">
            <p>{t('resetDialog.defaults')}</p>
            <p>{t('resetDialog.keysKept')}</p>
            {form.changed ? <p className="font-medium text-foreground">{t('resetDialog.unsavedLost')}</p> : null}
          </div>
        }
        cancelLabel={t('resetDialog.cancel')}
        confirmLabel={t('resetDialog.confirm')}
        pendingLabel={t('resetDialog.resetting')}
        pending={form.resetting}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
