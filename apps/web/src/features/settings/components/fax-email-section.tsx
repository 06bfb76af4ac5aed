import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { ApiError } from '@/lib/api-client';

import { useFaxEmailSettings } from '../api/get-fax-email-settings';

import { FaxEmailForm } from './fax-email-form';

/** The section's anchor, for links that point at it. */
export const FAX_EMAIL_ID = 'fax-email';

/**
 * Received Faxes by E-mail, for those who may set it: the owner and sub-admins. Whether the e-mails carry
 * the document, and each number's extra addresses. Others never see it; the server refuses them all the same.
 */
export function FaxEmailSection() {
  const { t } = useTranslation('settings');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageFaxEmail')) return null;
  return (
    <section
      id={FAX_EMAIL_ID}
      aria-labelledby="fax-email-heading"
      className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="fax-email-heading" className="text-xl font-semibold">
          {t('faxEmail.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('faxEmail.description')}</p>
      </div>
      <FaxEmail />
    </section>
  );
}

/** The form once the stored settings have arrived; a loading line before, a retry if they did not come. */
function FaxEmail() {
  const { t } = useTranslation('settings');
  const settings = useFaxEmailSettings();

  if (settings.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('faxEmail.loading')}
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="font-medium">{t('faxEmail.loadFailed')}</p>
        {settings.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{settings.error.message}</p> : null}
        <Button type="button" variant="outline" onClick={() => void settings.refetch()}>
          {t('faxEmail.retry')}
        </Button>
      </div>
    );
  }
  return <FaxEmailForm settings={settings.data} />;
}
