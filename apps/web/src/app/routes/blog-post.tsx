import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBlogPost } from '@/features/blog/api/get-site-content';
import { ContentArticle } from '@/features/blog/components/content-article';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

import NotFoundRoute from './not-found';

/** /blog/<slug> (decision 116): one post, in the reader's language or English; a draft or a scheduled post is not found. */
export default function BlogPostRoute() {
  const { t } = useTranslation('blog');
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const post = useBlogPost(slug, language);

  if (post.isPending)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Loading>{t('post.loading')}</Loading>
      </div>
    );
  if (post.isError) {
    if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400)) return <NotFoundRoute />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadFailed title={t('post.loadFailed')} error={post.error} retryLabel={t('list.retry')} onRetry={() => void post.refetch()} />
      </div>
    );
  }
  return (
    <>
      <ContentArticle item={post.data} />
      <div className="mx-auto max-w-3xl px-4 pb-12">
        <Link to={paths.blog.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('post.back')}
        </Link>
      </div>
    </>
  );
}
