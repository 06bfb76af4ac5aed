import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FilledStarIcon, StarIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import { MAX_REVIEW_RATING as MAX_RATING } from '@faxline/shared';

const STARS = Array.from({ length: MAX_RATING }, (_, index) => index + 1);

type TStarRatingInputProps = {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (rating: number) => void;
  invalid?: boolean;
  /** Receives the first radio button, so that a validation problem can move focus here. */
  focusRef?: (element: HTMLInputElement | null) => void;
};

/**
 * The rating as a group of five radio buttons drawn as stars: Tab enters the group, the arrow keys choose, each option
 * is read out as "3 out of 5 stars". Hovering previews a rating without choosing it.
 */
export function StarRatingInput({ value, onChange, invalid = false, focusRef }: TStarRatingInputProps) {
  const { t } = useTranslation('marketing');
  const name = useId();
  const legendId = useId();
  const [preview, setPreview] = useState(0);
  const shown = preview || value;

  return (
    <fieldset role="radiogroup" aria-describedby={`${legendId}-value`} aria-invalid={invalid || undefined} className="flex flex-col gap-2">
      <legend id={legendId} className="mb-2 text-sm leading-none font-medium">
        {t('writeReview.fields.rating')}
      </legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className={cn('flex w-fit rounded-md', invalid && 'ring-2 ring-destructive ring-offset-2')} onMouseLeave={() => setPreview(0)}>
          {STARS.map((star) => (
            <label key={star} className="cursor-pointer" onMouseEnter={() => setPreview(star)}>
              <input
                ref={star === 1 ? focusRef : undefined}
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className="peer sr-only"
              />
              <span className="sr-only">{t('reviews.rating', { rating: star })}</span>
              <span className="flex size-11 items-center justify-center rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
                {star <= shown ? (
                  <FilledStarIcon className="size-8 text-amber-400 [&_path]:stroke-amber-700" />
                ) : (
                  <StarIcon className="size-8 text-zinc-500" />
                )}
              </span>
            </label>
          ))}
        </div>
        <p id={`${legendId}-value`} className="text-sm text-muted-foreground">
          {value ? t('reviews.rating', { rating: value }) : t('writeReview.noRating')}
        </p>
      </div>
    </fieldset>
  );
}
