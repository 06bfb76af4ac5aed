import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useMyReview } from '@/features/reviews/api/get-my-review';
import { MyReviewStatus } from '@/features/reviews/components/my-review-status';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** Who may write: a signed-in member of an account, one review per account, changed only by its writer (decision 115). */
function WriteReviewBody() {
  const { t } = useTranslation('reviews');
  const { user, loading } = useAuth();
  const location = useLocation();
  const mine = useMyReview(Boolean(user));

  if (loading || (user && mine.isPending)) return <Loading>{t('write.loading')}</Loading>;
  if (!user)
    return (
      <section aria-labelledby="sign-in-heading" className="flex flex-col gap-3 rounded-lg border p-6">
        <h2 id="sign-in-heading" className="text-xl font-semibold">
          {t('write.signInHeading')}
        </h2>
        <p className="text-muted-foreground">{t('write.signInBody')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.signIn.getHref(location.pathname)}>{t('write.signIn')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.signUp.getHref()}>{t('write.signUp')}</Link>
          </Button>
        </div>
      </section>
    );
  if (mine.isError || !mine.data)
    return <LoadFailed title={t('write.loadFailed')} error={mine.error} retryLabel={t('list.retry')} onRetry={() => void mine.refetch()} />;
  const { review, canWrite } = mine.data;
  return (
    <>
      {review ? <MyReviewStatus review={review} /> : null}
      {canWrite ? (
        <ReviewForm key={review?.updatedAt ?? 'new'} name={user.name} review={review} />
      ) : (
        <p className="rounded-md border p-4">{t('write.byAnother', { name: review?.authorName ?? '' })}</p>
      )}
    </>
  );
}

/** /write-review (spec 000 §2, §5): the account's review, sent to the server and shown on /reviews once approved. */
export default function WriteReviewRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('writeReview.meta.title'), description: t('writeReview.meta.description') });

  return (
    <>
      <PageHeader title={t('writeReview.heading')} intro={t('writeReview.intro')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-12">
        <WriteReviewBody />
        <Link to={paths.reviews.getHref()} className="w-fit font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('writeReview.backToReviews')}
        </Link>
      </div>
    </>
  );
}
