import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useFaxTextSettings } from '../api/get-fax-text-settings';

import { FaxTextForm } from './fax-text-form';

/** The section's anchor, for links that point at it. */
export const FAX_TEXT_ID = 'fax-text';

/**
 * Search Inside Faxes, for those who may choose whether the account's faxes are read: the owner and sub-admins. Others
 * never see it; the server refuses them all the same.
 */
export function FaxTextSection() {
  const { t } = useTranslation('settings');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageFaxText')) return null;
  return (
    <section id={FAX_TEXT_ID} aria-labelledby="fax-text-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="fax-text-heading" className="text-xl font-semibold">
          {t('faxText.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('faxText.description')}</p>
      </div>
      <FaxText />
    </section>
  );
}

/** The form once the stored setting has arrived; a loading line before, a retry if it did not come. */
function FaxText() {
  const { t } = useTranslation('settings');
  const settings = useFaxTextSettings();

  if (settings.isPending) return <Loading>{t('faxText.loading')}</Loading>;
  if (settings.isError)
    return (
      <LoadFailed
        title={t('faxText.loadFailed')}
        error={settings.error}
        retryLabel={t('faxText.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return <FaxTextForm settings={settings.data} />;
}
