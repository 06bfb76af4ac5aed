import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/ui/page-header';
import { ApiDocsBasics } from '@/features/developers/components/api-docs-basics';
import { ApiDocsContents } from '@/features/developers/components/api-docs-contents';
import { ApiDocsEndpoints } from '@/features/developers/components/api-docs-endpoints';
import { ApiDocsErrors } from '@/features/developers/components/api-docs-errors';
import { ApiNotice } from '@/features/developers/components/api-notice';
import { DocSection } from '@/features/developers/components/doc-section';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** /api-documentation (spec 000 §2, §3, §7, §8): the planned v1 contract, with samples; #authentication. */
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
          <ApiDocsEndpoints />
          <ApiDocsErrors />
          <DocSection id="coming-later" title={t('apiDocs.later.heading')}>
            <p>{t('apiDocs.later.body')}</p>
          </DocSection>
        </div>
      </div>
    </>
  );
}
