import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

const SECTIONS = [
  { id: 'introduction', key: 'introduction' },
  { id: 'authentication', key: 'authentication' },
  { id: 'rate-limiting', key: 'rateLimiting' },
  { id: 'send-a-fax', key: 'send' },
  { id: 'retrieve-a-fax', key: 'retrieve' },
  { id: 'list-faxes', key: 'list' },
  { id: 'errors', key: 'errors' },
  { id: 'coming-later', key: 'later' },
] as const;

/** The contents of /api-documentation, a link to each section, and where to get an API key. */
export function ApiDocsContents() {
  const { t } = useTranslation('developers');

  return (
    <nav aria-labelledby="api-contents" className="lg:sticky lg:top-24 lg:self-start">
      <h2 id="api-contents" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('apiDocs.contents')}
      </h2>
      <ol className="flex flex-col gap-1 text-sm">
        {SECTIONS.map(({ id, key }) => (
          <li key={id}>
            <Link to={`#${id}`} className="block rounded px-2 py-1.5 text-foreground hover:bg-accent hover:text-accent-foreground">
              {t(`apiDocs.${key}.heading`)}
            </Link>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-muted-foreground">
        {t('apiDocs.keyPrompt')}{' '}
        <Link to={paths.signIn.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('apiDocs.keyLink')}
        </Link>
      </p>
    </nav>
  );
}
