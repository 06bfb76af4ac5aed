import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { SAMPLES, STATUS_CODES } from '../api-reference';
import { DocSection } from './doc-section';
import { InlineCode, ReferenceTable } from './reference-table';

const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'api_error',
] as const;

/** /api-documentation#errors: the error body, its types and the HTTP status codes. */
export function ApiDocsErrors() {
  const { t } = useTranslation('developers');

  return (
    <DocSection id="errors" title={t('apiDocs.errors.heading')}>
      <p>{t('apiDocs.errors.body')}</p>
      <CodeBlock label={t('apiDocs.labels.errorResponse')} code={SAMPLES.error401} />
      <h3 className="text-lg font-semibold">{t('apiDocs.errors.types')}</h3>
      <ReferenceTable
        caption={t('apiDocs.errors.types')}
        headers={[t('apiDocs.table.value'), t('apiDocs.table.meaning')]}
        rows={ERROR_TYPES.map((type) => ({
          key: type,
          cells: [<InlineCode key="e">{type}</InlineCode>, t(`apiDocs.errors.typeItems.${type}`)],
        }))}
      />
      <h3 className="text-lg font-semibold">{t('apiDocs.errors.statusCodes')}</h3>
      <ReferenceTable
        caption={t('apiDocs.errors.statusCodes')}
        headers={[t('apiDocs.table.value'), t('apiDocs.table.meaning')]}
        rows={STATUS_CODES.map(({ code, text }) => ({
          key: String(code),
          cells: [<InlineCode key="c">{`${code} ${text}`}</InlineCode>, t(`statusCodes.s${code}`)],
        }))}
      />
    </DocSection>
  );
}
