import { API_KEY_PREFIX } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { apiBaseUrl, apiSamples, RATE_LIMIT } from '../api-reference';
import { ApiEndpointsTable } from './api-endpoints-table';
import { RateLimitHeadersTable, ScopesTable } from './api-reference-tables';
import { DocSection } from './doc-section';

/** The first sections of /api-documentation: #introduction, #authentication, #rate-limiting and #idempotency. */
export function ApiDocsBasics() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();

  return (
    <>
      <DocSection id="introduction" title={t('apiDocs.introduction.heading')}>
        <p>{t('apiDocs.introduction.body')}</p>
        <CodeBlock label={t('apiDocs.introduction.baseUrl')} code={apiBaseUrl()} />
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>{t('apiDocs.introduction.points.json')}</li>
          <li>{t('apiDocs.introduction.points.times')}</li>
          <li>{t('apiDocs.introduction.points.numbers')}</li>
          <li>{t('apiDocs.introduction.points.language')}</li>
        </ul>
        <ApiEndpointsTable />
      </DocSection>

      <DocSection id="authentication" title={t('apiDocs.authentication.heading')}>
        <p>{t('apiDocs.authentication.body', { prefix: API_KEY_PREFIX })}</p>
        <CodeBlock label={t('apiDocs.labels.header')} code={samples.authHeader} />
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>{t('apiDocs.authentication.points.server')}</li>
          <li>{t('apiDocs.authentication.points.perIntegration')}</li>
          <li>{t('apiDocs.authentication.points.rotate')}</li>
        </ul>
        <p>{t('apiDocs.authentication.oauth')}</p>
        <p>{t('scopes.intro')}</p>
        <ScopesTable />
        <CodeBlock label={t('apiDocs.labels.errorResponse')} code={samples.error401} />
      </DocSection>

      <DocSection id="rate-limiting" title={t('apiDocs.rateLimiting.heading')}>
        <p>{t('apiDocs.rateLimiting.body', { max: RATE_LIMIT.max, minutes: RATE_LIMIT.windowMinutes })}</p>
        <RateLimitHeadersTable />
        <CodeBlock label={t('apiDocs.labels.headers')} code={samples.rateLimitHeaders} />
        <p>{t('apiDocs.rateLimiting.exceeded')}</p>
        <CodeBlock label={t('apiDocs.labels.errorResponse')} code={samples.error429} />
      </DocSection>

      <DocSection id="idempotency" title={t('idempotency.heading')}>
        <p>{t('idempotency.body')}</p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>{t('idempotency.points.replay')}</li>
          <li>{t('idempotency.points.otherBody')}</li>
          <li>{t('idempotency.points.inFlight')}</li>
        </ul>
        <CodeBlock label={t('idempotency.sample')} code={samples.replayHeaders} />
      </DocSection>
    </>
  );
}
