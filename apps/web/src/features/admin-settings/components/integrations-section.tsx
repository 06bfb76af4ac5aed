import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { sectionId } from '../utils/sections';

import { SettingsSection } from './settings-section';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/**
 * Where each outside service is connected. The payment gateways and the fax carriers are set on this page; e-mail
 * delivery and file storage are the server's configuration (ARCHITECTURE.md, "What is swapped at scale").
 */
export function IntegrationsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <SettingsSection section="integrations">
      <ul className="flex flex-col gap-4 text-sm">
        <li className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('integrations.payments.title')}</h3>
          <p className="text-muted-foreground">{t('integrations.payments.body')}</p>
          <Link to={{ hash: sectionId('payment') }} className={`w-fit ${linkClass}`}>
            {t('integrations.payments.link')}
          </Link>
        </li>
        <li className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('integrations.carriers.title')}</h3>
          <p className="text-muted-foreground">{t('integrations.carriers.body')}</p>
          <Link to={{ hash: sectionId('carriers') }} className={`w-fit ${linkClass}`}>
            {t('integrations.carriers.link')}
          </Link>
        </li>
        <li className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('integrations.server.title')}</h3>
          <p className="text-muted-foreground">{t('integrations.server.body')}</p>
        </li>
        <li className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('integrations.api.title')}</h3>
          <p className="text-muted-foreground">{t('integrations.api.body')}</p>
          <Link to={paths.apiDocumentation.getHref()} className={`w-fit ${linkClass}`}>
            {t('integrations.api.link')}
          </Link>
        </li>
      </ul>
    </SettingsSection>
  );
}
