import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/ui/page-section';

import { CLIENT_LIBRARIES } from '../api-reference';

/** /developers#download-api-classes: the client libraries, each coming soon (a disabled button). */
export function ClientLibraries() {
  const { t } = useTranslation('developers');

  return (
    <PageSection id="download-api-classes" title={t('developers.libraries.heading')} intro={t('developers.libraries.intro')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CLIENT_LIBRARIES.map((library) => (
          <li key={library}>
            <Button type="button" variant="outline" disabled className="h-auto w-full flex-col gap-1 py-3">
              <span translate="no" className="text-base font-semibold">
                {library}
              </span>
              <Badge variant="muted">{t('developers.libraries.comingSoon')}</Badge>
            </Button>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
