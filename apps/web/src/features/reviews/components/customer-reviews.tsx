import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pagination } from '@/components/ui/pagination';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { DEFAULT_SITE_NAME, usePlatformStatus } from '@/lib/platform/use-platform-info';

import { useReviews } from '../api/get-reviews';

import { ReviewCard } from './review-card';
import { StarRating } from './star-rating';

/**
 * The approved customers' reviews (decision 115): their average and count, then a page of them, newest first, each under
 * its writer's own name, with the back office's answer.
 */
export function CustomerReviews() {
  const { t, i18n } = useTranslation('reviews');
  const site = usePlatformStatus().data?.siteName ?? DEFAULT_SITE_NAME;
  const [page, setPage] = useState(1);
  const reviews = useReviews(page);

  if (reviews.isPending) return <Loading>{t('list.loading')}</Loading>;
  if (reviews.isError)
    return (
      <LoadFailed title={t('list.loadFailed')} error={reviews.error} retryLabel={t('list.retry')} onRetry={() => void reviews.refetch()} />
    );
  const { total, average, pageSize } = reviews.data;
  if (total === 0 || average === null)
    return (
      <p role="status" className="rounded-lg border p-6 text-center">
        {t('summary.none')}
      </p>
    );
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const formatted = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" role="status">
        <StarRating rating={Math.round(average)} />
        <p className="font-semibold">{t('summary.average', { average: formatted })}</p>
        <p className="text-muted-foreground">{t('summary.count', { count: total })}</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.data.reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard
              name={review.name}
              company={review.company || undefined}
              reviewText={review.text}
              rating={review.rating}
              date={review.createdAt}
              reply={review.reply ? { text: review.reply.text, by: t('list.reply', { site }) } : null}
            />
          </li>
        ))}
      </ul>
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
    </div>
  );
}
