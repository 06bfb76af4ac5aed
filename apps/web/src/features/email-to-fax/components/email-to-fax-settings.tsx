import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';

import { useEmailToFaxSettings } from '../api/get-email-to-fax-settings';

import { AboutEmailToFax } from './about-email-to-fax';
import { EmailToFaxForm } from './email-to-fax-form';

/** How to fax by e-mail and the form, once the stored settings (and the domain) have arrived; a retry if they did not. */
export function EmailToFaxSettings() {
  const { t } = useTranslation('email-to-fax');
  const settings = useEmailToFaxSettings();

  if (settings.isPending) return <Loading>{t('loading')}</Loading>;
  if (settings.isError)
    return <LoadFailed title={t('loadFailed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <AboutEmailToFax domain={settings.data.domain} />
      <section className="flex min-w-0 flex-col gap-6 rounded-lg border p-4 sm:p-6">
        <EmailToFaxForm settings={settings.data} />
      </section>
    </>
  );
}
