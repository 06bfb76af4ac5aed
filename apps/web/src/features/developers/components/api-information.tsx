import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { ENDPOINTS, RATE_LIMIT, SAMPLES, STATUS_CODES } from '../api-reference';
import { InlineCode, ReferenceTable } from './reference-table';

/** /developers#api-information: the API in brief (authentication, rate limit, endpoints, errors) and a link to the docs. */
export function ApiInformation() {
  const { t } = useTranslation('developers');

  return (
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
      <Link
        to={paths.apiDocumentation.getHref()}
        className="w-fit font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {t('developers.info.docsLink')}
      </Link>
    </PageSection>
  );
}
