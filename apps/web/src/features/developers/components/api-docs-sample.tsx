import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { apiSamples } from '../api-reference';
import { DocSection, Endpoint } from './doc-section';

/** /api-documentation#sample-request: the spec's sample (spec 000 §3): a fax from a file address, with a cover page. */
export function ApiDocsSample() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();

  return (
    <DocSection id="sample-request" title={t('apiDocs.sample.heading')}>
      <Endpoint method="POST" path="/v1/faxes" />
      <p>{t('apiDocs.sample.body')}</p>
      <CodeBlock label={t('apiDocs.labels.jsonRequest')} code={samples.sendSpec} />
      <CodeBlock label={t('apiDocs.labels.multipartRequest')} code={samples.sendMultipart} />
      <p>{t('apiDocs.sample.accepted')}</p>
      <CodeBlock label={t('apiDocs.labels.response')} code={samples.sendResponse} />
    </DocSection>
  );
}
