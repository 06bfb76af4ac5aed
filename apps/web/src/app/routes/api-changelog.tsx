import { API_VERSION } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { API_CHANGELOG } from '@/features/developers/api-changelog';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** /developers/changelog: the public API's version (its OpenAPI document's info.version) and what each version changed. */
export default function ApiChangelogRoute() {
  const { t, i18n } = useTranslation('developers');
  useDocumentMeta({ title: t('changelog.meta.title'), description: t('changelog.meta.description') });
  useScrollToHash();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <>
      <PageHeader title={t('changelog.heading')} intro={t('changelog.intro', { version: API_VERSION })} />
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
        {API_CHANGELOG.map((entry) => (
          <section key={entry.version} id={`v${entry.version}`} aria-labelledby={`v${entry.version}-heading`} className="scroll-mt-28">
            <h2 id={`v${entry.version}-heading`} className="text-xl font-bold tracking-tight">
              <span translate="no">{entry.version}</span>{' '}
              <span className="text-base font-normal text-muted-foreground">
                <time dateTime={entry.date}>{dateFormat.format(new Date(`${entry.date}T00:00:00Z`))}</time>
              </span>
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-6">
              {entry.changes.map((change) => (
                <li key={change}>{t(`changelog.changes.${change}`)}</li>
              ))}
            </ul>
          </section>
        ))}
        <p>
          <Link to={paths.apiDocumentation.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            {t('changelog.docsLink')}
          </Link>
        </p>
      </div>
    </>
  );
}
