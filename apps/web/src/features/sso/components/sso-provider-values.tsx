import type { TSsoServiceProvider } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/ui/copy-button';

const NAMES = ['oidcRedirectUri', 'samlEntityId', 'samlAcsUrl', 'samlMetadataUrl'] as const;

/** Faxline's own values, each with a copy button, for the owner to enter at the identity provider. */
export function SsoProviderValues({ values }: { values: TSsoServiceProvider }) {
  const { t } = useTranslation('sso');
  const texts = {
    copied: t('serviceProvider.copied'),
    copiedDescription: t('serviceProvider.copiedDescription'),
    failed: t('serviceProvider.copyFailed'),
    failedDescription: t('serviceProvider.copyFailedDescription'),
  };
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="font-semibold">{t('serviceProvider.title')}</h3>
      <dl className="flex min-w-0 flex-col gap-3">
        {NAMES.map((name) => (
          <div key={name} className="flex min-w-0 flex-col gap-1">
            <dt className="text-sm font-medium">{t(`serviceProvider.${name}`)}</dt>
            <dd className="flex min-w-0 items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">{values[name]}</code>
              <CopyButton text={values[name]} label={t('serviceProvider.copy')} texts={texts} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
