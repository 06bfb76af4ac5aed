import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/ui/page-header';
import { BlogPostList } from '@/features/blog/components/blog-post-list';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** /blog (decision 116): the posts published in the back office, newest first. */
export default function BlogRoute() {
  const { t } = useTranslation('blog');
  useDocumentMeta({ title: t('meta.title'), description: t('meta.description') });
  return (
    <>
      <PageHeader title={t('heading')} intro={t('intro')} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <BlogPostList />
      </div>
    </>
  );
}
