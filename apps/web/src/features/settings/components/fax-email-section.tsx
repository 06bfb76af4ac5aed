import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { PlanLacks, usePlanLacking } from '@/components/layouts/user/plan-lacks';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

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

/**
 * The form once the stored settings have arrived; a loading line before, a retry if they did not come. On a plan
 * without fax to e-mail, what it lacks instead: its e-mails carry only a link and its extra addresses hear nothing
 * (decision 087), so the form's choices would not take effect.
 */
function FaxEmail() {
  const { t } = useTranslation('settings');
  const settings = useFaxEmailSettings();
  const lacking = usePlanLacking('faxToEmail');

  if (lacking) return <PlanLacks what="faxToEmail" plan={lacking} />;
  if (settings.isPending) return <Loading>{t('faxEmail.loading')}</Loading>;
  if (settings.isError)
    return (
      <LoadFailed
        title={t('faxEmail.loadFailed')}
        error={settings.error}
        retryLabel={t('faxEmail.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return <FaxEmailForm settings={settings.data} />;
}
