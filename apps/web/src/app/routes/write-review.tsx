import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** /write-review (spec 000 §2, §5): the review form. */
export default function WriteReviewRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('writeReview.meta.title'), description: t('writeReview.meta.description') });

  return (
    <>
      <PageHeader title={t('writeReview.heading')} intro={t('writeReview.intro')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-12">
        <ReviewForm />
        <Link to={paths.reviews.getHref()} className="w-fit font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('writeReview.backToReviews')}
        </Link>
      </div>
    </>
  );
}
