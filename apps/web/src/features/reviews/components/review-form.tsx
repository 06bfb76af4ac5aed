import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';

import { checkReview, storeReview, type TReviewField, type TReviewValues } from '../utils/reviews-storage';

import { StarRatingInput } from './star-rating-input';

const empty: TReviewValues = { name: '', company: '', reviewText: '', rating: 0 };

/** Write a review (spec 000 §2, §5, §8): kept in this browser only, then shown on /reviews. */
export function ReviewForm() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [invalidField, setInvalidField] = useState<TReviewField | null>(null);
  const fields = useRef(new Map<TReviewField, HTMLInputElement | HTMLTextAreaElement | null>());
  const fieldRef = (field: TReviewField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    fields.current.set(field, element);
  };

  const change = <K extends keyof TReviewValues>(field: K, value: TReviewValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === invalidField) setInvalidField(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkReview(values);
    if (!checked.ok) {
      setInvalidField(checked.field);
      fields.current.get(checked.field)?.focus();
      toast({ title: t('writeReview.missingTitle'), description: t('writeReview.missingDescription'), variant: 'destructive' });
      return;
    }
    if (!storeReview(checked.review)) {
      toast({ title: t('writeReview.storageFailedTitle'), description: t('writeReview.storageFailedDescription'), variant: 'destructive' });
      return;
    }
    toast({ title: t('writeReview.successTitle'), description: t('writeReview.successDescription') });
    setValues(empty);
    await navigate(paths.reviews.getHref());
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <FormField
        label={t('writeReview.fields.name')}
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={(event) => change('name', event.target.value)}
        ref={fieldRef('name')}
        aria-invalid={invalidField === 'name' || undefined}
      />
      <FormField
        label={t('writeReview.fields.company')}
        description={t('writeReview.fields.companyHint')}
        name="company"
        autoComplete="organization"
        value={values.company}
        onChange={(event) => change('company', event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor="review-text">{t('writeReview.fields.review')}</Label>
        <Textarea
          id="review-text"
          name="reviewText"
          required
          rows={6}
          maxLength={5000}
          value={values.reviewText}
          onChange={(event) => change('reviewText', event.target.value)}
          ref={fieldRef('reviewText')}
          aria-invalid={invalidField === 'reviewText' || undefined}
        />
      </div>
      <StarRatingInput
        value={values.rating}
        onChange={(rating) => change('rating', rating)}
        invalid={invalidField === 'rating'}
        focusRef={fieldRef('rating')}
      />
      <p className="text-sm text-muted-foreground">{t('writeReview.storageNote')}</p>
      <Button type="submit" size="lg" className="self-start">
        {t('writeReview.submit')}
      </Button>
    </form>
  );
}
