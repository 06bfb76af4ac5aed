import { roleMay } from '@faxline/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/ui/copy-button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useScimSettings } from '../api/scim-settings';

import { ScimGroups } from './scim-groups';
import { ScimTokens } from './scim-tokens';

/** The section's anchor, for links that point at it. */
export const SCIM_ID = 'provisioning';

/**
 * Provisioning by SCIM (decision 107), for the account's owner alone: the base URL and the tokens an identity provider
 * uses, and what its groups map to. Others never see it; the server refuses them all the same. Its texts load on
 * their own, so that the rest of the page does not wait for them.
 */
export function ScimSection() {
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageProvisioning')) return null;
  return (
    <Suspense fallback={null}>
      <ScimCard />
    </Suspense>
  );
}

function ScimCard() {
  const { t } = useTranslation('scim');
  return (
    <section id={SCIM_ID} aria-labelledby="scim-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="scim-heading" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      <ScimSettings />
    </section>
  );
}

function ScimSettings() {
  const { t } = useTranslation('scim');
  const settings = useScimSettings();
  if (settings.isPending) return <Loading>{t('loading')}</Loading>;
  if (settings.isError)
    return <LoadFailed title={t('loadFailed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />;
  const { baseUrl, tokens, max, groups, inboxes } = settings.data;
  return (
    <>
      <div className="flex min-w-0 flex-col gap-2">
        <span id="scim-base-url-label" className="text-sm font-medium">
          {t('baseUrl')}
        </span>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <code
            translate="no"
            dir="ltr"
            aria-labelledby="scim-base-url-label"
            aria-describedby="scim-base-url-hint"
            data-testid="scim-base-url"
            className="min-w-0 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {baseUrl}
          </code>
          <CopyButton text={baseUrl} label={t('copyUrl')} texts={t('copy', { returnObjects: true })} />
        </div>
        <p id="scim-base-url-hint" className="text-sm text-muted-foreground">
          {t('baseUrlHint')}
        </p>
      </div>
      <ScimTokens tokens={tokens} max={max} />
      <ScimGroups groups={groups} inboxes={inboxes} />
    </>
  );
}
