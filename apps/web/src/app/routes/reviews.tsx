import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { ReviewCard } from '@/features/reviews/components/review-card';
import { readStoredReviews } from '@/features/reviews/utils/reviews-storage';
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

/** /reviews (spec 000 §2): reviews written in this browser, then the six examples; a link to write one. */
export default function ReviewsRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('reviews.meta.title'), description: t('reviews.meta.description') });
  useScrollToHash();
  const [stored] = useState(readStoredReviews);

  return (
    <>
      <PageHeader title={t('reviews.heading')} intro={t('reviews.intro')}>
        <Button asChild size="lg">
          <Link to={paths.writeReview.getHref()}>{t('reviews.writeReview')}</Link>
        </Button>
      </PageHeader>

      {stored.length > 0 ? (
        <PageSection id="your-reviews" title={t('reviews.yours.heading')} intro={t('reviews.yours.note')}>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {stored.map((review) => (
              <li key={`${review.date}-${review.name}`}>
                <ReviewCard {...review} />
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="example-reviews" title={t('reviews.examples.heading')} intro={t('reviews.examples.note')} tinted={stored.length > 0}>
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
