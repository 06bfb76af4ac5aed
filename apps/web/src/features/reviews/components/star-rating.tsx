import { useTranslation } from 'react-i18next';

import { FilledStarIcon, StarIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import { MAX_REVIEW_RATING as MAX_RATING } from '@faxline/shared';

const STARS = Array.from({ length: MAX_RATING }, (_, index) => index + 1);

/** 1 to 5 stars, read out as "4 out of 5 stars"; filled and empty stars differ in shape as well as colour. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <p className={cn('flex items-center gap-0.5', className)}>
      <span className="sr-only">{t('reviews.rating', { rating })}</span>
      {STARS.map((star) =>
        star <= rating ? (
          <FilledStarIcon key={star} className="text-amber-400 [&_path]:stroke-amber-700" />
        ) : (
          <StarIcon key={star} className="text-zinc-500" />
        ),
      )}
    </p>
  );
}
