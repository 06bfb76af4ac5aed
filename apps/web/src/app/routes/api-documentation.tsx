import { OUTBOUND_FAX_STATUSES } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { API_BASE_URL, RATE_LIMIT, RATE_LIMIT_HEADERS, SAMPLES, STATUS_CODES } from '@/features/developers/api-reference';
import { InlineCode, ReferenceTable } from '@/features/developers/components/reference-table';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const SECTIONS = [
  { id: 'introduction', key: 'introduction' },
  { id: 'authentication', key: 'authentication' },
  { id: 'rate-limiting', key: 'rateLimiting' },
  { id: 'send-a-fax', key: 'send' },
  { id: 'retrieve-a-fax', key: 'retrieve' },
  { id: 'list-faxes', key: 'list' },
  { id: 'errors', key: 'errors' },
  { id: 'coming-later', key: 'later' },
] as const;

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

const HEADER_KEYS = { 'X-RateLimit-Limit': 'limit', 'X-RateLimit-Remaining': 'remaining', 'X-RateLimit-Reset': 'reset' } as const;
const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'api_error',
] as const;

function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="flex scroll-mt-28 flex-col gap-4 border-t pt-10 outline-hidden first:border-t-0 first:pt-0"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Endpoint({ method, path }: { method: string; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-mono text-sm" translate="no">
      <span className="rounded bg-primary px-2 py-0.5 font-semibold text-primary-foreground">{method}</span>
      <span className="break-all">{path}</span>
    </p>
  );
}

/** /api-documentation (spec 000 §2, §3, §7, §8): the planned v1 contract, with samples; #authentication. */
export default function ApiDocumentationRoute() {
  const { t } = useTranslation('developers');
  useDocumentMeta({ title: t('apiDocs.meta.title'), description: t('apiDocs.meta.description') });
  useScrollToHash();
  const yesNo = (required: boolean) => (required ? t('apiDocs.table.yes') : t('apiDocs.table.no'));

  return (
    <>
      <PageHeader title={t('apiDocs.heading')} intro={t('apiDocs.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-labelledby="api-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="api-contents" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('apiDocs.contents')}
          </h2>
          <ol className="flex flex-col gap-1 text-sm">
            {SECTIONS.map(({ id, key }) => (
              <li key={id}>
                <Link to={`#${id}`} className="block rounded px-2 py-1.5 text-foreground hover:bg-accent hover:text-accent-foreground">
                  {t(`apiDocs.${key}.heading`)}
                </Link>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-muted-foreground">
            {t('apiDocs.keyPrompt')}{' '}
            <Link to={paths.signIn.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
              {t('apiDocs.keyLink')}
            </Link>
          </p>
        </nav>

        <div className="flex min-w-0 flex-col gap-10">
          <p role="note" className="rounded-lg border border-l-4 border-l-primary bg-accent px-4 py-3 text-accent-foreground">
            {t('apiDocs.notice')}
          </p>

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

          <DocSection id="coming-later" title={t('apiDocs.later.heading')}>
            <p>{t('apiDocs.later.body')}</p>
          </DocSection>
        </div>
      </div>
    </>
  );
}
