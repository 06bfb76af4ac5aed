import type { TMyReview } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { useDateFormat } from '@/lib/use-date-format';

const STATUS_VARIANT = { pending: 'muted', approved: 'success', hidden: 'accent' } as const;

/** Where the account's review stands: waiting, on /reviews or not, and the back office's answer. */
export function MyReviewStatus({ review }: { review: NonNullable<TMyReview['review']> }) {
  const { t } = useTranslation('reviews');
  const dates = useDateFormat();
  return (
    <section aria-labelledby="my-review-heading" className="flex flex-col gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="my-review-heading" className="text-lg font-semibold">
          {t('write.status.heading')}
        </h2>
        <Badge variant={STATUS_VARIANT[review.status]}>{t(`write.status.${review.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t(review.writtenByMe ? 'write.status.writtenByYou' : 'write.status.writtenBy', { name: review.authorName })}{' '}
        <time dateTime={review.updatedAt}>{dates.date(review.updatedAt, 'long')}</time>
      </p>
      {review.reply ? (
        <p className="text-sm">
          <span className="font-semibold">{t('write.status.reply')}</span> {review.reply.text}
        </p>
      ) : null}
    </section>
  );
}
