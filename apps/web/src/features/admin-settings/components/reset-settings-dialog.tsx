import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

import type { TSettingsForm } from '../hooks/use-settings-form';

/** 'Reset to Defaults' and its confirmation, which says what the defaults are (spec 001 §9) and that keys are kept. */
export function ResetSettingsDialog({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (await form.resetToDefaults()) setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => (form.resetting ? null : setOpen(next))}>
      <Button type="button" variant="outline" disabled={form.saving} onClick={() => setOpen(true)}>
        {t('actions.reset')}
      </Button>
      <AlertDialogContent>
        <AlertDialogTitle>{t('resetDialog.title')}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="flex flex-col gap-2">
            <p>{t('resetDialog.defaults')}</p>
            <p>{t('resetDialog.keysKept')}</p>
            {form.changed ? <p className="font-medium text-foreground">{t('resetDialog.unsavedLost')}</p> : null}
          </div>
        </AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <AlertDialogCancel disabled={form.resetting}>{t('resetDialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={form.resetting} onClick={() => void confirm()}>
            {form.resetting ? t('resetDialog.resetting') : t('resetDialog.confirm')}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
