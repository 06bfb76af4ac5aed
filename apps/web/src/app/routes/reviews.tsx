import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { CustomerReviews } from '@/features/reviews/components/customer-reviews';
import { ReviewCard } from '@/features/reviews/components/review-card';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

// Spec 000 §2: six sample reviews. Their words are in the translations; shown as examples, never as customers' quotes.
const SAMPLE_REVIEWS = [
  { key: 'clinic', rating: 5 },
  { key: 'lawOffice', rating: 5 },
  { key: 'pharmacy', rating: 4 },
  { key: 'accounting', rating: 5 },
  { key: 'developer', rating: 4 },
  { key: 'homeOffice', rating: 5 },
] as const;

/** /reviews (spec 000 §2, decision 115): the customers' approved reviews, then the six examples; a link to write one. */
export default function ReviewsRoute() {
  const { t } = useTranslation(['marketing', 'reviews']);
  useDocumentMeta({ title: t('reviews.meta.title'), description: t('reviews.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('reviews.heading')} intro={t('reviews.intro')}>
        <Button asChild size="lg">
          <Link to={paths.writeReview.getHref()}>{t('reviews.writeReview')}</Link>
        </Button>
      </PageHeader>

      <PageSection id="customer-reviews" title={t('reviews:list.heading')} intro={t('reviews:list.note')}>
        <CustomerReviews />
      </PageSection>

      <PageSection id="example-reviews" title={t('reviews.examples.heading')} intro={t('reviews.examples.note')} tinted>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {SAMPLE_REVIEWS.map(({ key, rating }) => (
            <li key={key}>
              <ReviewCard
                example
                rating={rating}
                name={t(`reviews.examples.items.${key}.name`)}
                company={t(`reviews.examples.items.${key}.company`)}
                reviewText={t(`reviews.examples.items.${key}.text`)}
              />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('reviews.share.heading')} intro={t('reviews.share.body')}>
        <Button asChild className="w-fit">
          <Link to={paths.writeReview.getHref()}>{t('reviews.writeReview')}</Link>
        </Button>
      </PageSection>
    </>
  );
}
