import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { CLIENT_LIBRARIES, NODE_CLIENT } from '../api-reference';

/** /developers#download-api-classes: the typed Node.js client (described on /api-documentation#client); the others coming soon. */
export function ClientLibraries() {
  const { t } = useTranslation('developers');

  return (
    <PageSection id="download-api-classes" title={t('developers.libraries.heading')} intro={t('developers.libraries.intro')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CLIENT_LIBRARIES.map((library) => (
          <li key={library}>
            {library === NODE_CLIENT.library ? (
              <Button asChild variant="outline" className="h-auto w-full flex-col gap-1 py-3">
                <Link to={`${paths.apiDocumentation.getHref()}#client`}>
                  <span translate="no" className="text-base font-semibold">
                    {library}
                  </span>
                  <Badge variant="success">{t('developers.libraries.available')}</Badge>
                </Link>
              </Button>
            ) : (
              <Button type="button" variant="outline" disabled className="h-auto w-full flex-col gap-1 py-3">
                <span translate="no" className="text-base font-semibold">
                  {library}
                </span>
                <Badge variant="muted">{t('developers.libraries.comingSoon')}</Badge>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
