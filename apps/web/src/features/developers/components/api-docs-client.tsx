import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { useClientDownloads } from '../api/get-client-downloads';
import { apiSamples, NODE_CLIENT, PYTHON_CLIENT, pythonInstall } from '../api-reference';
import { DocSection } from './doc-section';
import { InlineCode } from './reference-table';

/**
 * /api-documentation#client: the Node.js and Python clients, installed from this server (decision 127), each with the
 * send-and-wait example the integration test runs. The wheel's versioned address comes from /downloads/index.json.
 */
export function ApiDocsClient() {
  const { t } = useTranslation('developers');
  const samples = apiSamples();
  const downloads = useClientDownloads();
  const wheel = downloads.data?.downloads.find((download) => download.language === 'python');

  return (
    <DocSection id="client" title={t('apiDocs.client.heading')}>
      <p>{t('apiDocs.client.body')}</p>
      <h3 className="text-lg font-semibold">
        Node.js <InlineCode>{NODE_CLIENT.packageName}</InlineCode>
      </h3>
      <p>{t('apiDocs.client.node')}</p>
      <CodeBlock label={t('apiDocs.client.install')} code={samples.clientInstall} />
      <CodeBlock label={t('apiDocs.client.example')} code={samples.clientExample} />
      <CodeBlock label={t('apiDocs.client.run')} code={samples.clientRun} />
      <h3 className="text-lg font-semibold">
        Python <InlineCode>{PYTHON_CLIENT.packageName}</InlineCode>
      </h3>
      <p>{t('apiDocs.client.python')}</p>
      {wheel ? (
        <CodeBlock label={t('apiDocs.client.install')} code={pythonInstall(wheel.url)} />
      ) : (
        <p className="text-muted-foreground" role="status">
          {downloads.isPending ? t('apiDocs.client.checking') : t('apiDocs.client.unavailable')}
        </p>
      )}
      <CodeBlock label={t('apiDocs.client.example')} code={samples.pythonExample} />
      <CodeBlock label={t('apiDocs.client.run')} code={samples.pythonRun} />
      <p>{t('apiDocs.client.checksums')}</p>
      <p className="text-muted-foreground">{t('apiDocs.client.others')}</p>
    </DocSection>
  );
}
