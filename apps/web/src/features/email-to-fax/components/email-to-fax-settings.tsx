import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { useEmailToFaxSettings } from '../api/get-email-to-fax-settings';

import { AboutEmailToFax } from './about-email-to-fax';
import { EmailToFaxForm } from './email-to-fax-form';

/** How to fax by e-mail and the form, once the stored settings (and the domain) have arrived; a retry if they did not. */
export function EmailToFaxSettings() {
  const { t } = useTranslation('email-to-fax');
  const settings = useEmailToFaxSettings();

  if (settings.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('loading')}
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="font-medium">{t('loadFailed')}</p>
        {settings.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{settings.error.message}</p> : null}
        <Button type="button" variant="outline" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <AboutEmailToFax domain={settings.data.domain} />
      <section className="flex min-w-0 flex-col gap-6 rounded-lg border p-4 sm:p-6">
        <EmailToFaxForm settings={settings.data} />
      </section>
    </>
  );
}
