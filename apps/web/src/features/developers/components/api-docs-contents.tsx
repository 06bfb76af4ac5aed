import { API_VERSION } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { useApiKeyLink } from '../hooks/use-api-key-link';

const SECTIONS = [
  { id: 'introduction', key: 'introduction' },
  { id: 'authentication', key: 'authentication' },
  { id: 'rate-limiting', key: 'rateLimiting' },
  { id: 'idempotency', key: 'idempotency' },
  { id: 'sample-request', key: 'sample' },
  { id: 'errors', key: 'errors' },
  { id: 'webhooks', key: 'webhooks' },
  { id: 'client', key: 'client' },
  { id: 'reference', key: 'reference' },
] as const;

/** The contents of /api-documentation, a link to each section, and where to get an API key. */
export function ApiDocsContents() {
  const { t } = useTranslation('developers');
  const key = useApiKeyLink();

  return (
    <nav aria-labelledby="api-contents" className="lg:sticky lg:top-24 lg:self-start">
      <h2 id="api-contents" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('apiDocs.contents')}
      </h2>
      <ol className="flex flex-col gap-1 text-sm">
        {SECTIONS.map(({ id, key: section }) => (
          <li key={id}>
            <Link to={`#${id}`} className="block rounded px-2 py-1.5 text-foreground hover:bg-accent hover:text-accent-foreground">
              {section === 'idempotency' ? t('idempotency.heading') : t(`apiDocs.${section}.heading`)}
            </Link>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-muted-foreground">
        {t('apiDocs.keyPrompt')}{' '}
        <Link to={key.href} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {key.signedIn ? t('apiDocs.keyLinkSignedIn') : t('apiDocs.keyLink')}
        </Link>
      </p>
      <p className="mt-3 text-sm">
        <Link to={paths.apiChangelog.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('apiDocs.changelogLink', { version: API_VERSION })}
        </Link>
      </p>
    </nav>
  );
}
