import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { apiSamples } from '../api-reference';
import { ErrorTypesTable, StatusCodesTable } from './api-reference-tables';
import { DocSection } from './doc-section';
import { ErrorCodesTable } from './error-codes-table';

/** /api-documentation#errors: the error body, its types, the HTTP status codes, and every code (each error's doc_url). */
export function ApiDocsErrors() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();

  return (
    <DocSection id="errors" title={t('apiDocs.errors.heading')}>
      <p>{t('apiDocs.errors.body')}</p>
      <CodeBlock label={t('apiDocs.labels.errorResponse')} code={samples.error400} />
      <h3 className="text-lg font-semibold">{t('errorTypes.caption')}</h3>
      <ErrorTypesTable />
      <h3 className="text-lg font-semibold">{t('statusCodes.caption')}</h3>
      <StatusCodesTable />
      <h3 id="error-codes" className="scroll-mt-28 text-lg font-semibold">
        {t('apiDocs.errors.codes.heading')}
      </h3>
      <p>{t('apiDocs.errors.codes.body')}</p>
      <ErrorCodesTable />
    </DocSection>
  );
}
