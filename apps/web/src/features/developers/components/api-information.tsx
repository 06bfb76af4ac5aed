import { API_KEY_PREFIX } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { apiBaseUrl, apiSamples, RATE_LIMIT } from '../api-reference';
import { ApiEndpointsTable } from './api-endpoints-table';
import { ErrorTypesTable, RateLimitHeadersTable, ScopesTable, StatusCodesTable } from './api-reference-tables';
import { InlineCode } from './reference-table';

function Part({ id, title, children, wide = false }: { id: string; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section aria-labelledby={id} className={`flex min-w-0 flex-col gap-3 ${wide ? 'lg:col-span-2' : ''}`}>
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * /developers#api-information: the API in brief, against this server: keys and scopes, limits, idempotency, the
 * endpoints with samples to paste (send as JSON and as a form, get, list page by page, cancel), and errors.
 */
export function ApiInformation() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();

  return (
    <PageSection id="api-information" title={t('developers.info.heading')} intro={t('developers.info.intro')} tinted>
      <div className="grid gap-10 lg:grid-cols-2">
        <Part id="dev-introduction" title={t('developers.info.introduction.heading')}>
          <p>{t('developers.info.introduction.body')}</p>
          <CodeBlock label={t('developers.info.introduction.baseUrl')} code={apiBaseUrl()} />
        </Part>
        <Part id="dev-authentication" title={t('developers.info.authentication.heading')}>
          <p>{t('developers.info.authentication.body', { prefix: API_KEY_PREFIX })}</p>
          <CodeBlock label={t('developers.info.authentication.sample')} code={samples.authHeader} />
          <CodeBlock label={t('developers.info.authentication.keyExport')} code={samples.keyExport} />
        </Part>
        <Part id="dev-scopes" title={t('scopes.heading')} wide>
          <p>{t('scopes.intro')}</p>
          <ScopesTable />
        </Part>
        <Part id="dev-rate-limiting" title={t('developers.info.rateLimiting.heading')} wide>
          <p>{t('developers.info.rateLimiting.body', { max: RATE_LIMIT.max })}</p>
          <RateLimitHeadersTable />
          <CodeBlock label={t('developers.info.rateLimiting.sample')} code={samples.error429} />
        </Part>
        <Part id="dev-idempotency" title={t('idempotency.heading')} wide>
          <p>{t('idempotency.body')}</p>
          <ul className="flex list-disc flex-col gap-1 pl-6">
            <li>{t('idempotency.points.replay')}</li>
            <li>{t('idempotency.points.otherBody')}</li>
            <li>{t('idempotency.points.inFlight')}</li>
          </ul>
          <CodeBlock label={t('idempotency.sample')} code={samples.replayHeaders} />
        </Part>
        <Part id="dev-endpoints" title={t('endpoints.heading')} wide>
          <ApiEndpointsTable />
        </Part>
        <Part id="dev-samples" title={t('developers.info.samples.heading')} wide>
          <p>{t('developers.info.samples.intro')}</p>
          <CodeBlock label={t('developers.info.samples.sendJson')} code={samples.sendJson} />
          <CodeBlock label={t('developers.info.samples.sendMultipart')} code={samples.sendMultipart} />
          <CodeBlock label={t('developers.info.samples.response')} code={samples.sendResponse} />
          <CodeBlock label={t('developers.info.samples.get')} code={samples.getRequest} />
          <CodeBlock label={t('developers.info.samples.list')} code={samples.listRequest} />
          <CodeBlock label={t('developers.info.samples.cancel')} code={samples.cancelRequest} />
        </Part>
        <Part id="dev-errors" title={t('developers.info.errors.heading')} wide>
          <p>
            {t('developers.info.errors.body')} <InlineCode>{'{"error":{"type","message","code","param"}}'}</InlineCode>
          </p>
          <CodeBlock label={t('developers.info.errors.sample')} code={samples.error401} />
          <ErrorTypesTable />
          <StatusCodesTable />
        </Part>
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
