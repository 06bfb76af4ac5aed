import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/ui/page-header';
import { ApiDocsBasics } from '@/features/developers/components/api-docs-basics';
import { ApiDocsClient } from '@/features/developers/components/api-docs-client';
import { ApiDocsContents } from '@/features/developers/components/api-docs-contents';
import { ApiDocsErrors } from '@/features/developers/components/api-docs-errors';
import { ApiDocsSample } from '@/features/developers/components/api-docs-sample';
import { ApiDocsWebhooks } from '@/features/developers/components/api-docs-webhooks';
import { ApiNotice } from '@/features/developers/components/api-notice';
import { OpenApiReference } from '@/features/developers/components/openapi-reference';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/**
 * /api-documentation (spec 000 §2, §3, §7, §8): the essentials and the spec's sample request (#authentication kept),
 * webhooks, then the reference of every endpoint, rendered from the live /v1/openapi.json.
 */
export default function ApiDocumentationRoute() {
  const { t } = useTranslation('developers');
  useDocumentMeta({ title: t('apiDocs.meta.title'), description: t('apiDocs.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('apiDocs.heading')} intro={t('apiDocs.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <ApiDocsContents />
        <div className="flex min-w-0 flex-col gap-10">
          <ApiNotice>{t('apiDocs.notice')}</ApiNotice>
          <ApiDocsBasics />
          <ApiDocsSample />
          <ApiDocsErrors />
          <ApiDocsWebhooks />
          <ApiDocsClient />
        </div>
      </div>
      {/* Full width: the reference has its own sidebar of endpoints. */}
      <section id="reference" aria-labelledby="reference-heading" className="scroll-mt-28 border-t outline-hidden">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-10 pb-6">
          <h2 id="reference-heading" className="text-2xl font-bold tracking-tight">
            {t('apiDocs.reference.heading')}
          </h2>
          <p>{t('apiDocs.reference.body')}</p>
        </div>
        <div className="mx-auto max-w-[90rem] px-4 pb-10">
          <OpenApiReference />
        </div>
      </section>
    </>
  );
}
