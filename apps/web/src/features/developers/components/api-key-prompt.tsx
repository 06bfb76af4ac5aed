import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { useApiKeyLink } from '../hooks/use-api-key-link';

/** /developers#api-key: keys are made on the API Keys page; signed out, sign in (or sign up) first. */
export function ApiKeyPrompt() {
  const { t } = useTranslation('developers');
  const key = useApiKeyLink();

  return (
    <PageSection id="api-key" title={t('developers.apiKey.heading')} intro={t('developers.apiKey.body')} tinted>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={key.href}>
            <KeyIcon />
            {key.signedIn ? t('developers.apiKey.manage') : t('developers.apiKey.signIn')}
          </Link>
        </Button>
        {key.signedIn ? null : (
          <Button asChild variant="outline">
            <Link to={paths.signUp.getHref()}>{t('developers.apiKey.signUp')}</Link>
          </Button>
        )}
      </div>
    </PageSection>
  );
}
