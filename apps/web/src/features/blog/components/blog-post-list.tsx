import { SITE_FEED_PATHS } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';
import { useLanguage } from '@/lib/use-language';

import { useBlogPosts } from '../api/get-blog-posts';

/** The posts on the site, newest first, each in the reader's language or English, a page at a time. */
export function BlogPostList() {
  const { t } = useTranslation('blog');
  const { language } = useLanguage();
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const posts = useBlogPosts(language, page);

  if (posts.isPending) return <Loading>{t('list.loading')}</Loading>;
  if (posts.isError)
    return (
      <LoadFailed title={t('list.loadFailed')} error={posts.error} retryLabel={t('list.retry')} onRetry={() => void posts.refetch()} />
    );
  const { total, pageSize } = posts.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-6">
      {total === 0 ? (
        <p role="status" className="rounded-lg border p-6 text-center">
          {t('list.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-6">
          {posts.data.posts.map((post) => (
            <li key={post.slug}>
              <Card className="gap-2" lang={post.language}>
                <h2 className="text-2xl font-semibold">
                  <Link to={paths.blog.getHref(post.slug!)} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={post.publishedAt}>{dates.date(post.publishedAt, 'long')}</time>
                  {post.category ? <span> · {post.category}</span> : null}
                </p>
                <p>{post.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={setPage}
          label={t('list.pagination.label')}
          previousLabel={t('list.pagination.previous')}
          nextLabel={t('list.pagination.next')}
          pageOf={t('list.pagination.pageOf', { page, pages })}
        />
      ) : null}
      <a
        href={`${SITE_FEED_PATHS.blogRss}?language=${language}`}
        className="w-fit text-sm font-medium text-primary underline underline-offset-4"
      >
        {t('list.rss')}
      </a>
    </div>
  );
}
