import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

/** /developers#api-key: an API key comes with an account; sign in or sign up. */
export function ApiKeyPrompt() {
  const { t } = useTranslation('developers');

  return (
    <PageSection id="api-key" title={t('developers.apiKey.heading')} intro={t('developers.apiKey.body')} tinted>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.signIn.getHref()}>
            <KeyIcon />
            {t('developers.apiKey.signIn')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.signUp.getHref()}>{t('developers.apiKey.signUp')}</Link>
        </Button>
      </div>
    </PageSection>
  );
}
