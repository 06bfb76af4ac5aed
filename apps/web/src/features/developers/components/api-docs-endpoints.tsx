import { OUTBOUND_FAX_STATUSES } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';

import { SAMPLES } from '../api-reference';
import { DocSection, Endpoint } from './doc-section';
import { InlineCode, ReferenceTable } from './reference-table';

const SEND_FIELDS = [
  { name: 'recipient', type: 'string', required: true, key: 'recipient' },
  { name: 'file_url', type: 'string', required: false, key: 'fileUrl' },
  { name: 'file', type: 'file', required: false, key: 'file' },
  { name: 'send_time', type: 'string', required: false, key: 'sendTime' },
  { name: 'cover_page', type: 'object', required: false, key: 'coverPage' },
] as const;

const LIST_PARAMS = [
  { name: 'page', key: 'page' },
  { name: 'per_page', key: 'perPage' },
  { name: 'status', key: 'status' },
  { name: 'recipient', key: 'recipient' },
  { name: 'created_after', key: 'createdAfter' },
  { name: 'created_before', key: 'createdBefore' },
  { name: 'sort', key: 'sort' },
] as const;

/** The endpoints' sections of /api-documentation: #send-a-fax, #retrieve-a-fax and #list-faxes. */
export function ApiDocsEndpoints() {
  const { t } = useTranslation('developers');
  const yesNo = (required: boolean) => (required ? t('apiDocs.table.yes') : t('apiDocs.table.no'));

  return (
    <>
      <DocSection id="send-a-fax" title={t('apiDocs.send.heading')}>
        <Endpoint method="POST" path="/v1/faxes" />
        <p>{t('apiDocs.send.body')}</p>
        <ReferenceTable
          caption={t('apiDocs.send.heading')}
          headers={[t('apiDocs.table.field'), t('apiDocs.table.type'), t('apiDocs.table.required'), t('apiDocs.table.description')]}
          rows={SEND_FIELDS.map(({ name, type, required, key }) => ({
            key: name,
            cells: [
              <InlineCode key="n">{name}</InlineCode>,
              <InlineCode key="t">{type}</InlineCode>,
              yesNo(required),
              t(`apiDocs.send.fields.${key}`),
            ],
          }))}
        />
        <CodeBlock label={t('apiDocs.labels.jsonRequest')} code={SAMPLES.sendJson} />
        <CodeBlock label={t('apiDocs.labels.multipartRequest')} code={SAMPLES.sendMultipart} />
        <p>{t('apiDocs.send.accepted')}</p>
        <CodeBlock label={t('apiDocs.labels.response')} code={SAMPLES.sendResponse} />
      </DocSection>

      <DocSection id="retrieve-a-fax" title={t('apiDocs.retrieve.heading')}>
        <Endpoint method="GET" path="/v1/faxes/{fax_id}" />
        <p>{t('apiDocs.retrieve.body')}</p>
        <CodeBlock label={t('apiDocs.labels.request')} code={SAMPLES.getRequest} />
        <CodeBlock label={t('apiDocs.labels.response')} code={SAMPLES.getResponse} />
        <h3 className="text-lg font-semibold">{t('apiDocs.retrieve.statuses')}</h3>
        <ReferenceTable
          caption={t('apiDocs.retrieve.statuses')}
          headers={[t('apiDocs.table.value'), t('apiDocs.table.meaning')]}
          rows={OUTBOUND_FAX_STATUSES.map((status) => ({
            key: status,
            cells: [<InlineCode key="s">{status}</InlineCode>, t(`apiDocs.retrieve.statusItems.${status}`)],
          }))}
        />
      </DocSection>

      <DocSection id="list-faxes" title={t('apiDocs.list.heading')}>
        <Endpoint method="GET" path="/v1/faxes" />
        <p>{t('apiDocs.list.body')}</p>
        <ReferenceTable
          caption={t('apiDocs.list.heading')}
          headers={[t('apiDocs.table.parameter'), t('apiDocs.table.description')]}
          rows={LIST_PARAMS.map(({ name, key }) => ({
            key: name,
            cells: [<InlineCode key="n">{name}</InlineCode>, t(`apiDocs.list.params.${key}`)],
          }))}
        />
        <CodeBlock label={t('apiDocs.labels.request')} code={SAMPLES.listRequest} />
        <CodeBlock label={t('apiDocs.labels.response')} code={SAMPLES.listResponse} />
      </DocSection>
    </>
  );
}
