import { CONTENT_PATH_PATTERN } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useSitePage } from '@/features/blog/api/get-site-content';
import { ContentArticle } from '@/features/blog/components/content-article';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

import NotFoundRoute from './not-found';

/**
 * Any address the site has no page of its own for (decision 116): the page written in the back office at that path,
 * in the reader's language or English, or else "not found" (spec 000 §2).
 */
export default function SitePageRoute() {
  const { t } = useTranslation('blog');
  const { pathname } = useLocation();
  const { language } = useLanguage();
  const path = CONTENT_PATH_PATTERN.test(pathname) ? pathname : null;
  const page = useSitePage(path, language);

  if (path === null || (page.isError && page.error instanceof ApiError && page.error.status === 404)) return <NotFoundRoute />;
  if (page.isPending)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Loading>{t('page.loading')}</Loading>
      </div>
    );
  if (page.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadFailed title={t('page.loadFailed')} error={page.error} retryLabel={t('list.retry')} onRetry={() => void page.refetch()} />
      </div>
    );
  return <ContentArticle item={page.data} />;
}
