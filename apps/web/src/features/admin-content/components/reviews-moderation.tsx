import { REVIEW_LIMITS, type REVIEW_STATUSES, type TAdminReview } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldDescription } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useAdminReviews, useModerateReview, type TModeration, type TReviewFilter } from '../api/admin-reviews';

const STATUS_VARIANT = { pending: 'muted', approved: 'success', hidden: 'accent' } as const;

function ReviewToModerate({ review }: { review: TAdminReview }) {
  const { t } = useTranslation('admin-publishing');
  const dates = useDateFormat();
  const id = useId();
  const moderate = useModerateReview();
  const [reply, setReply] = useState(review.reply?.text ?? '');

  const run = async (change: TModeration, done: string) => {
    try {
      await moderate.mutateAsync(change);
      toast({ title: done, description: t('reviews.toasts.doneDescription', { name: review.name }) });
    } catch (error) {
      toast({
        title: t('reviews.toasts.failedTitle'),
        description: error instanceof ApiError ? error.message : t('reviews.toasts.failedDescription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card role="article" aria-labelledby={`${id}-name`} className="gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`${id}-name`} className="font-semibold">
          {review.name}
        </h3>
        <Badge variant={STATUS_VARIANT[review.status]}>{t(`reviews.statuses.${review.status}`)}</Badge>
        <p className="text-sm text-muted-foreground">{t('reviews.rating', { rating: review.rating })}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('reviews.writer', { email: review.email, account: review.accountName })}
        {review.company ? ` · ${review.company}` : ''} · <time dateTime={review.updatedAt}>{dates.dateTime(review.updatedAt)}</time>
      </p>
      <blockquote className="border-l-4 pl-4 whitespace-pre-line">{review.text}</blockquote>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-reply`}>{t('reviews.replyLabel')}</Label>
        <Textarea
          id={`${id}-reply`}
          rows={3}
          maxLength={REVIEW_LIMITS.reply}
          value={reply}
          aria-describedby={`${id}-reply-hint`}
          onChange={(event) => setReply(event.target.value)}
        />
        <FieldDescription id={`${id}-reply-hint`}>{t('reviews.replyHint')}</FieldDescription>
      </div>
      <div className="flex flex-wrap gap-2">
        {review.status !== 'approved' ? (
          <Button
            type="button"
            size="sm"
            disabled={moderate.isPending}
            aria-label={t('reviews.approveLabel', { name: review.name })}
            onClick={() => void run({ id: review.id, action: 'approve' }, t('reviews.toasts.approved'))}
          >
            {t('reviews.approve')}
          </Button>
        ) : null}
        {review.status !== 'hidden' ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={moderate.isPending}
            aria-label={t('reviews.hideLabel', { name: review.name })}
            onClick={() => void run({ id: review.id, action: 'hide' }, t('reviews.toasts.hidden'))}
          >
            {t('reviews.hide')}
          </Button>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={moderate.isPending || reply.trim() === (review.reply?.text ?? '')}
          aria-label={t('reviews.saveReplyLabel', { name: review.name })}
          onClick={() => void run({ id: review.id, action: 'reply', reply }, t('reviews.toasts.replied'))}
        >
          {t('reviews.saveReply')}
        </Button>
      </div>
    </Card>
  );
}

/** The customers' reviews to moderate (decision 115): approve (on /reviews), hide, or answer in public. */
export function ReviewsModeration() {
  const { t } = useTranslation('admin-publishing');
  const id = useId();
  const [status, setStatus] = useState<TReviewFilter>('pending');
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(status, page);

  const list = () => {
    if (reviews.isPending) return <Loading>{t('reviews.loading')}</Loading>;
    if (reviews.isError)
      return (
        <LoadFailed
          title={t('reviews.loadFailed')}
          error={reviews.error}
          retryLabel={t('reviews.retry')}
          onRetry={() => void reviews.refetch()}
        />
      );
    const { total, pageSize } = reviews.data;
    if (total === 0)
      return (
        <p role="status" className="rounded-lg border p-6 text-center font-medium">
          {t('reviews.empty')}
        </p>
      );
    const pages = Math.max(1, Math.ceil(total / pageSize));
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm text-muted-foreground">
          {t('reviews.count', { count: total })}
        </p>
        <ul className="flex flex-col gap-4">
          {reviews.data.reviews.map((review) => (
            <li key={`${review.id}-${review.updatedAt}-${review.reply?.at ?? ''}`}>
              <ReviewToModerate review={review} />
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={setPage}
            label={t('reviews.pagination.label')}
            previousLabel={t('reviews.pagination.previous')}
            nextLabel={t('reviews.pagination.next')}
            pageOf={t('reviews.pagination.pageOf', { page, pages })}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-muted-foreground">{t('reviews.intro')}</p>
      <SelectField
        id={`${id}-status`}
        label={t('reviews.filter')}
        fieldClassName="w-full sm:w-56"
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as TReviewFilter);
          setPage(1);
        }}
      >
        {(['pending', 'approved', 'hidden', 'all'] as const satisfies ReadonlyArray<(typeof REVIEW_STATUSES)[number] | 'all'>).map(
          (value) => (
            <option key={value} value={value}>
              {t(`reviews.statuses.${value}`)}
            </option>
          ),
        )}
      </SelectField>
      {list()}
    </div>
  );
}
