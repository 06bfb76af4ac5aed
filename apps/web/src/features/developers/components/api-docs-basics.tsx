import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { API_BASE_URL, RATE_LIMIT, RATE_LIMIT_HEADERS, SAMPLES } from '../api-reference';
import { DocSection } from './doc-section';
import { InlineCode, ReferenceTable } from './reference-table';

const HEADER_KEYS = { 'X-RateLimit-Limit': 'limit', 'X-RateLimit-Remaining': 'remaining', 'X-RateLimit-Reset': 'reset' } as const;

/** The first sections of /api-documentation: #introduction, #authentication and #rate-limiting. */
export function ApiDocsBasics() {
  const { t } = useTranslation('developers');

  return (
    <>
      <DocSection id="introduction" title={t('apiDocs.introduction.heading')}>
        <p>{t('apiDocs.introduction.body')}</p>
        <CodeBlock label={t('apiDocs.introduction.baseUrl')} code={API_BASE_URL} />
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>{t('apiDocs.introduction.points.json')}</li>
          <li>{t('apiDocs.introduction.points.times')}</li>
          <li>{t('apiDocs.introduction.points.numbers')}</li>
        </ul>
      </DocSection>

      <DocSection id="authentication" title={t('apiDocs.authentication.heading')}>
        <p>{t('apiDocs.authentication.body')}</p>
        <CodeBlock label={t('apiDocs.labels.header')} code={SAMPLES.authHeader} />
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>{t('apiDocs.authentication.points.server')}</li>
          <li>{t('apiDocs.authentication.points.perIntegration')}</li>
          <li>{t('apiDocs.authentication.points.rotate')}</li>
        </ul>
        <CodeBlock label={t('apiDocs.labels.errorResponse')} code={SAMPLES.error401} />
      </DocSection>

      <DocSection id="rate-limiting" title={t('apiDocs.rateLimiting.heading')}>
        <p>{t('apiDocs.rateLimiting.body', { max: RATE_LIMIT.max, minutes: RATE_LIMIT.windowMinutes })}</p>
        <ReferenceTable
          caption={t('apiDocs.rateLimiting.heading')}
          headers={[t('apiDocs.table.header'), t('apiDocs.table.meaning')]}
          rows={RATE_LIMIT_HEADERS.map((header) => ({
            key: header,
            cells: [<InlineCode key="h">{header}</InlineCode>, t(`apiDocs.rateLimiting.headers.${HEADER_KEYS[header]}`)],
          }))}
        />
        <CodeBlock label={t('apiDocs.labels.headers')} code={SAMPLES.rateLimitHeaders} />
        <p>{t('apiDocs.rateLimiting.exceeded')}</p>
        <CodeBlock label={t('apiDocs.labels.errorResponse')} code={SAMPLES.error429} />
      </DocSection>
    </>
  );
}
