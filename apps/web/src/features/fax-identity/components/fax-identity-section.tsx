import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useFaxIdentity } from '../api/get-fax-identity';

import { FaxIdentityForm } from './fax-identity-form';

/** The section's anchor, for links that point at it. */
export const FAX_IDENTITY_ID = 'fax-identity';

/**
 * Fax Header and Station IDs, for those who may set how the account's faxes introduce themselves:
 * the owner and sub-admins. Others never see it; the server refuses them all the same.
 */
export function FaxIdentitySection() {
  const { t } = useTranslation('fax-identity');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageFaxIdentity')) return null;
  return (
    <section
      id={FAX_IDENTITY_ID}
      aria-labelledby="fax-identity-heading"
      className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="fax-identity-heading" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      <FaxIdentity />
    </section>
  );
}

/** The form once the stored identity has arrived; a loading line before, a retry if it did not come. */
function FaxIdentity() {
  const { t } = useTranslation('fax-identity');
  const identity = useFaxIdentity();

  if (identity.isPending) return <Loading>{t('loading')}</Loading>;
  if (identity.isError)
    return <LoadFailed title={t('loadFailed')} error={identity.error} retryLabel={t('retry')} onRetry={() => void identity.refetch()} />;
  return <FaxIdentityForm identity={identity.data} />;
}
