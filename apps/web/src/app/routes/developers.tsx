import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ApiInformation } from '@/features/developers/components/api-information';
import { ApiKeyPrompt } from '@/features/developers/components/api-key-prompt';
import { ApiNotice } from '@/features/developers/components/api-notice';
import { ClientLibraries } from '@/features/developers/components/client-libraries';
import { WhyChooseApi } from '@/features/developers/components/why-choose-api';
import { useApiKeyLink } from '@/features/developers/hooks/use-api-key-link';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/**
 * /developers (spec 000 §2): why the API, the API information with samples against this server, client libraries (the
 * Node.js client; the others coming soon), and where to get an API key.
 */
export default function DevelopersRoute() {
  const { t } = useTranslation('developers');
  useDocumentMeta({ title: t('developers.meta.title'), description: t('developers.meta.description') });
  useScrollToHash();
  const key = useApiKeyLink();

  return (
    <>
      <PageHeader title={t('developers.heading')} intro={t('developers.intro')}>
        <Button asChild size="lg">
          <Link to={paths.apiDocumentation.getHref()}>{t('developers.docsButton')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={key.href}>{key.signedIn ? t('developers.keyButtonSignedIn') : t('developers.keyButton')}</Link>
        </Button>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 pt-8">
        <ApiNotice>{t('developers.notice')}</ApiNotice>
      </div>

      <WhyChooseApi />
      <ApiInformation />
      <ClientLibraries />
      <ApiKeyPrompt />
    </>
  );
}
