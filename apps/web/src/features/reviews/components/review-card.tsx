import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useDateFormat } from '@/lib/use-date-format';

import { StarRating } from './star-rating';

type TReviewCardProps = {
  name: string;
  company?: string;
  reviewText: string;
  rating: number;
  /** ISO timestamp; the sample reviews have none. */
  date?: string;
  /** Marks a sample review as such, so that no one mistakes it for a customer's words. */
  example?: boolean;
  /** The back office's public answer, with who answered ("Reply from Faxline"). */
  reply?: { text: string; by: string } | null;
};

export function ReviewCard({ name, company, reviewText, rating, date, example = false, reply = null }: TReviewCardProps) {
  const { t } = useTranslation('marketing');
  const dates = useDateFormat();
  const nameId = useId();

  return (
    <Card role="article" aria-labelledby={nameId} className="h-full gap-4">
      <div className="flex items-start justify-between gap-3">
        <StarRating rating={rating} />
        {example ? <Badge variant="muted">{t('reviews.exampleBadge')}</Badge> : null}
      </div>
      <blockquote className="flex-1 text-foreground">
        <p className="whitespace-pre-line">{reviewText}</p>
      </blockquote>
      {reply ? (
        <div className="rounded-md border-l-4 border-primary bg-muted/50 p-3 text-sm">
          <p className="font-semibold">{reply.by}</p>
          <p className="whitespace-pre-line text-muted-foreground">{reply.text}</p>
        </div>
      ) : null}
      <div className="flex flex-col gap-0.5 border-t pt-4">
        <h3 id={nameId} className="font-semibold">
          {name}
        </h3>
        {company ? <p className="text-sm text-muted-foreground">{company}</p> : null}
        {date ? (
          <p className="text-sm text-muted-foreground">
            <time dateTime={date}>{dates.date(date, 'long')}</time>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
