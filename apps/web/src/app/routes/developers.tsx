import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { ActivityIcon, CodeIcon, KeyIcon, LockIcon, UsersIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { CLIENT_LIBRARIES, ENDPOINTS, RATE_LIMIT, SAMPLES, STATUS_CODES } from '@/features/developers/api-reference';
import { InlineCode, ReferenceTable } from '@/features/developers/components/reference-table';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const WHY = [
  { key: 'rest', icon: CodeIcon },
  { key: 'delivery', icon: ActivityIcon },
  { key: 'security', icon: LockIcon },
  { key: 'account', icon: UsersIcon },
] as const;

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** /developers (spec 000 §2): why the API, the API information, client libraries (coming soon), an API key prompt. */
export default function DevelopersRoute() {
  const { t } = useTranslation('developers');
  useDocumentMeta({ title: t('developers.meta.title'), description: t('developers.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('developers.heading')} intro={t('developers.intro')}>
        <Button asChild size="lg">
          <Link to={paths.apiDocumentation.getHref()}>{t('developers.docsButton')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.signIn.getHref()}>{t('developers.keyButton')}</Link>
        </Button>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 pt-8">
        <p role="note" className="rounded-lg border border-l-4 border-l-primary bg-accent px-4 py-3 text-accent-foreground">
          {t('developers.notice')}
        </p>
      </div>

      <PageSection id="why-choose-api" title={t('developers.why.heading')} intro={t('developers.why.intro')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                  <Icon />
                </span>
                <h3 className="text-lg font-semibold">{t(`developers.why.items.${key}.title`)}</h3>
                <p className="text-muted-foreground">{t(`developers.why.items.${key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="api-information" title={t('developers.info.heading')} intro={t('developers.info.intro')} tinted>
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="dev-introduction" className="flex min-w-0 flex-col gap-3">
            <h3 id="dev-introduction" className="text-xl font-semibold">
              {t('developers.info.introduction.heading')}
            </h3>
            <p>{t('developers.info.introduction.body')}</p>
          </section>
          <section aria-labelledby="dev-authentication" className="flex min-w-0 flex-col gap-3">
            <h3 id="dev-authentication" className="text-xl font-semibold">
              {t('developers.info.authentication.heading')}
            </h3>
            <p>{t('developers.info.authentication.body')}</p>
            <CodeBlock label={t('developers.info.authentication.sample')} code={SAMPLES.authHeader} />
          </section>
          <section aria-labelledby="dev-rate-limiting" className="flex min-w-0 flex-col gap-3 lg:col-span-2">
            <h3 id="dev-rate-limiting" className="text-xl font-semibold">
              {t('developers.info.rateLimiting.heading')}
            </h3>
            <p>{t('developers.info.rateLimiting.body', { max: RATE_LIMIT.max })}</p>
          </section>
          <section aria-labelledby="dev-endpoints" className="flex min-w-0 flex-col gap-3 lg:col-span-2">
            <h3 id="dev-endpoints" className="text-xl font-semibold">
              {t('developers.info.endpoints.heading')}
            </h3>
            <ReferenceTable
              caption={t('developers.info.endpoints.caption')}
              headers={[
                t('developers.info.endpoints.method'),
                t('developers.info.endpoints.path'),
                t('developers.info.endpoints.description'),
              ]}
              rows={ENDPOINTS.map(({ method, path, key }) => ({
                key: `${method} ${path}`,
                cells: [
                  <InlineCode key="m">{method}</InlineCode>,
                  <InlineCode key="p">{path}</InlineCode>,
                  t(`developers.info.endpoints.items.${key}`),
                ],
              }))}
            />
            <p className="text-muted-foreground">{t('developers.info.endpoints.later')}</p>
          </section>
          <section aria-labelledby="dev-errors" className="flex min-w-0 flex-col gap-3 lg:col-span-2">
            <h3 id="dev-errors" className="text-xl font-semibold">
              {t('developers.info.errors.heading')}
            </h3>
            <p>{t('developers.info.errors.body')}</p>
            <ReferenceTable
              caption={t('developers.info.errors.caption')}
              headers={[t('developers.info.errors.code'), t('developers.info.errors.meaning')]}
              rows={STATUS_CODES.map(({ code, text }) => ({
                key: String(code),
                cells: [<InlineCode key="c">{`${code} ${text}`}</InlineCode>, t(`statusCodes.s${code}`)],
              }))}
            />
            <CodeBlock label={t('developers.info.errors.sample')} code={SAMPLES.error401} />
          </section>
        </div>
        <Link to={paths.apiDocumentation.getHref()} className={`${linkClass} w-fit`}>
          {t('developers.info.docsLink')}
        </Link>
      </PageSection>

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
    </>
  );
}
