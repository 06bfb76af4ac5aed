import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { apiSamples, NODE_CLIENT } from '../api-reference';
import { DocSection } from './doc-section';
import { InlineCode } from './reference-table';

/** /api-documentation#client: the typed Node.js client of this repository (packages/client), made from the same document. */
export function ApiDocsClient() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();

  return (
    <DocSection id="client" title={t('apiDocs.client.heading')}>
      <p>
        {t('apiDocs.client.body')} <InlineCode>{NODE_CLIENT.packageName}</InlineCode>
      </p>
      <CodeBlock label={t('apiDocs.client.install')} code={samples.clientInstall} />
      <CodeBlock label={t('apiDocs.client.example')} code={samples.clientExample} />
      <p>
        {t('apiDocs.client.where')} <InlineCode>{NODE_CLIENT.folder}</InlineCode>
      </p>
      <p className="text-muted-foreground">{t('apiDocs.client.others')}</p>
    </DocSection>
  );
}
