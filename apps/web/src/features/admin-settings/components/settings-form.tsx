import type { TSystemSettingsResponse } from '@faxline/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { useSettingsForm } from '../hooks/use-settings-form';

import { ApiSection } from './api-section';
import { BackupSection } from './backup-section';
import { CarriersSection } from './carriers-section';
import { ContactSection } from './contact-section';
import { GeneralSection } from './general-section';
import { IntegrationsSection } from './integrations-section';
import { NotificationsSection } from './notifications-section';
import { PaymentSection } from './payment-section';
import { ResetSettingsDialog } from './reset-settings-dialog';
import { SecuritySection } from './security-section';
import { ThemeSection } from './theme-section';

/**
 * Every section of the hub in one form with one 'Save Settings' (spec 001 §2.11). The buttons stay at the bottom of
 * the screen, so a change in any section is a Tab or a click away from being saved.
 */
export function SettingsForm({ initial }: { initial: TSystemSettingsResponse }) {
  const { t } = useTranslation('admin-settings');
  const form = useSettingsForm(initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={form.saving} aria-label={t('formLabel')} className="flex min-w-0 flex-col gap-6">
      <GeneralSection form={form} />
      <ContactSection form={form} />
      <SecuritySection form={form} />
      <ApiSection form={form} />
      <CarriersSection form={form} />
      <PaymentSection form={form} />
      <NotificationsSection form={form} />
      <BackupSection form={form} />
      <ThemeSection form={form} />
      <IntegrationsSection />
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur-sm">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {form.changed ? t('actions.unsaved') : ''}
        </p>
        <ResetSettingsDialog form={form} />
        <Button type="submit" disabled={form.saving || form.resetting}>
          {form.saving ? t('actions.saving') : t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
