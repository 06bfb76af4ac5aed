import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { faxThumbnailUrl } from '../api/download-fax';
import { useReviewQueue } from '../api/get-review-queue';
import { formatNumber } from '../utils/format';

import { DocumentClass } from './document-class';

/**
 * The review queue (decision 102): each received fax Faxline classified less sure than the account's threshold, its
 * first page beside its class and fields, to confirm or correct in place; a saved class takes it out of the queue.
 */
export function ReviewQueue() {
  const { t } = useTranslation('faxes');
  const dates = useDateFormat();
  const queue = useReviewQueue();

  if (queue.isPending) return <p className="text-muted-foreground">{t('review.loading')}</p>;
  if (queue.isError) {
    return (
      <p role="alert" className="text-destructive">
        {queue.error instanceof ApiError ? queue.error.message : t('review.loadFailed')}
      </p>
    );
  }
  if (queue.data.faxes.length === 0) return <p className="rounded-lg border p-6 text-center">{t('review.empty')}</p>;

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('review.listLabel')} className="flex flex-col gap-4">
        {queue.data.faxes.map((fax) => {
          const sender = fax.senderName ?? formatNumber(fax.fromNumber, t('history.unknownSender'));
          return (
            <li key={fax.id} className="flex flex-col gap-4 rounded-lg border p-4 md:flex-row">
              {fax.hasThumbnail ? (
                <img
                  src={faxThumbnailUrl(fax.id)}
                  alt={t('review.firstPage', { sender })}
                  className="w-40 self-start border bg-white"
                  loading="lazy"
                />
              ) : null}
              <div className="flex min-w-0 flex-1 flex-col gap-3">
                <p>
                  <span className="font-medium" translate="no">
                    {sender}
                  </span>{' '}
                  <span className="text-muted-foreground">
                    · {dates.dateTime(fax.createdAt)}
                    {fax.pages === null ? '' : ` · ${t('history.pageCount', { count: fax.pages })}`}
                  </span>
                </p>
                <DocumentClass fax={fax} />
                <Link
                  to={paths.user.faxHistory.getHref({ id: fax.id, direction: 'inbound' })}
                  className="self-start text-sm underline underline-offset-4"
                >
                  {t('review.openFax')}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      {queue.data.more ? <p className="text-muted-foreground">{t('review.more')}</p> : null}
    </div>
  );
}

/** "Review Queue (3)" above the history, while received faxes wait for a member's class. */
export function ReviewQueueLink() {
  const { t } = useTranslation('faxes');
  const queue = useReviewQueue();
  const count = queue.data?.faxes.length ?? 0;
  if (count === 0) return null;
  return (
    <Link to={paths.user.faxReview.getHref()} className="self-start font-medium underline underline-offset-4">
      {t('review.link', { count: queue.data?.more ? `${count}+` : count })}
    </Link>
  );
}
