import { roleMay } from '@faxline/shared';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useSsoSettings } from '../api/get-sso-settings';

import { SsoConnectionForm } from './sso-connection-form';
import { SsoDomainList } from './sso-domain-list';
import { SsoProviderValues } from './sso-provider-values';

/** The section's anchor, for the links that point at it (/security-privacy, Advanced Security). */
export const SSO_ID = 'sso';

/**
 * Single sign-on (decision 106), for the account's owner only: Faxline's values to give the identity provider, the
 * provider itself, and the e-mail domains with their proof. With the platform's switch off, it says so and offers
 * nothing. Its texts load on their own, so that the rest of the page does not wait for them.
 */
export function SsoSection() {
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageSso')) return null;
  return (
    <Suspense fallback={null}>
      <SsoCard />
    </Suspense>
  );
}

function SsoCard() {
  const { t } = useTranslation('sso');
  return (
    <section id={SSO_ID} aria-labelledby="sso-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="sso-heading" className="text-xl font-semibold">
          {t('section.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('section.description')}</p>
      </div>
      <SsoSettings />
    </section>
  );
}

/** A link to #sso (the security page's) arrives before the section has: it is brought into view once it has loaded. */
function useScrollHere(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    const section = document.getElementById(SSO_ID);
    if (!ready || hash !== `#${SSO_ID}` || !section) return;
    section.scrollIntoView({ block: 'start' });
    if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
    section.focus({ preventScroll: true });
  }, [hash, key, ready]);
}

function SsoSettings() {
  const { t } = useTranslation('sso');
  const settings = useSsoSettings();
  useScrollHere(settings.isSuccess);
  if (settings.isPending) return <Loading>{t('section.loading')}</Loading>;
  if (settings.isError)
    return (
      <LoadFailed
        title={t('section.loadFailed')}
        error={settings.error}
        retryLabel={t('section.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  const { platformEnabled, connection, domains, serviceProvider } = settings.data;
  if (!platformEnabled)
    return (
      <p className="rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
        {t('section.platformOff')}
      </p>
    );
  return (
    <>
      <SsoProviderValues values={serviceProvider} />
      <SsoDomainList domains={domains} />
      {/* Keyed by when it was saved: a saved or removed connection starts the form again from what the server holds. */}
      <SsoConnectionForm key={connection?.updatedAt ?? 'none'} connection={connection} />
    </>
  );
}
