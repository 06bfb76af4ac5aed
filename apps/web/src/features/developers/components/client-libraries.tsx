import type { TClientDownload } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { markdownLinkClass } from '@/components/ui/markdown';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { useClientDownloads } from '../api/get-client-downloads';
import { CLIENT_LIBRARIES, DOWNLOADABLE_LIBRARIES } from '../api-reference';

/**
 * /developers#download-api-classes: the Node.js and Python clients download from this server (GET /downloads/index.json,
 * decision 127); the others are coming soon. How to install and use them: /api-documentation#client.
 */
export function ClientLibraries() {
  const { t } = useTranslation('developers');
  const query = useClientDownloads();
  const downloads = query.data?.downloads ?? [];
  const downloadOf = (library: (typeof CLIENT_LIBRARIES)[number]): TClientDownload | undefined =>
    downloads.find((download) => download.language === DOWNLOADABLE_LIBRARIES[library]);

  return (
    <PageSection id="download-api-classes" title={t('developers.libraries.heading')} intro={t('developers.libraries.intro')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CLIENT_LIBRARIES.map((library) => {
          const download = downloadOf(library);
          return (
            <li key={library}>
              {download ? (
                <Button asChild variant="outline" className="h-auto w-full flex-col gap-1 py-3">
                  <a href={download.url} download>
                    <span translate="no" className="text-base font-semibold">
                      {library}
                    </span>
                    <Badge variant="success">{t('developers.libraries.download', { version: download.version })}</Badge>
                  </a>
                </Button>
              ) : (
                <Button type="button" variant="outline" disabled className="h-auto w-full flex-col gap-1 py-3">
                  <span translate="no" className="text-base font-semibold">
                    {library}
                  </span>
                  <Badge variant="muted">
                    {!DOWNLOADABLE_LIBRARIES[library]
                      ? t('developers.libraries.comingSoon')
                      : query.isPending
                        ? t('developers.libraries.checking')
                        : t('developers.libraries.unavailable')}
                  </Badge>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-4">
        {t('developers.libraries.howTo')}{' '}
        <Link to={`${paths.apiDocumentation.getHref()}#client`} className={markdownLinkClass}>
          {t('developers.libraries.howToLink')}
        </Link>
      </p>
    </PageSection>
  );
}
