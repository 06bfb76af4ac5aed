import { roleMay } from '@faxline/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useFhirConnection } from '../api/get-fhir-connection';

import { FhirConnectionForm } from './fhir-connection-form';

/** The section's anchor, for links that point at it. */
export const FHIR_ID = 'fhir';

/**
 * Connect an EHR (FHIR), for those who may manage the account's FHIR server: the owner and sub-admins (decision 105).
 * Others never see it; the server refuses them all the same. Its texts load on their own, so that the rest of the
 * page does not wait for them.
 */
export function FhirSection() {
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageFhir')) return null;
  return (
    <Suspense fallback={null}>
      <FhirCard />
    </Suspense>
  );
}

function FhirCard() {
  const { t } = useTranslation('fhir');
  return (
    <section id={FHIR_ID} aria-labelledby="fhir-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="fhir-heading" className="text-xl font-semibold">
          {t('settings.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('settings.description')}</p>
      </div>
      <FhirConnection />
    </section>
  );
}

/** The form once the stored connection has arrived (or its absence); a loading line before, a retry if it did not come. */
function FhirConnection() {
  const { t } = useTranslation('fhir');
  const connection = useFhirConnection();
  if (connection.isPending) return <Loading>{t('settings.loading')}</Loading>;
  if (connection.isError)
    return (
      <LoadFailed
        title={t('settings.loadFailed')}
        error={connection.error}
        retryLabel={t('settings.retry')}
        onRetry={() => void connection.refetch()}
      />
    );
  // Keyed by when it was saved: a saved or removed connection starts the form again from what the server holds.
  return <FhirConnectionForm key={connection.data.connection?.updatedAt ?? 'none'} connection={connection.data.connection} />;
}
