import { reviewProblems, REVIEW_LIMITS, type TMyReview, type TReviewField } from '@faxline/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useWriteReview } from '../api/write-review';

import { StarRatingInput } from './star-rating-input';

type TValues = { company: string; text: string; rating: number };

type TReviewFormProps = {
  /** The writer's name as their profile gives it: the name the review is shown under. */
  name: string;
  /** The account's review when its writer changes it. */
  review: NonNullable<TMyReview['review']> | null;
};

/**
 * Write or change the account's review (spec 000 §2, §5; decision 115): the text and a rating are required, the company
 * optional; the name is the writer's own. It is sent to the server and shown on /reviews once approved.
 */
export function ReviewForm({ name, review }: TReviewFormProps) {
  const { t } = useTranslation(['reviews', 'marketing', 'messages']);
  const write = useWriteReview();
  const [values, setValues] = useState<TValues>({ company: review?.company ?? '', text: review?.text ?? '', rating: review?.rating ?? 0 });
  const [problems, setProblems] = useState<Partial<Record<TReviewField, string>>>({});
  const fields = useRef(new Map<TReviewField, HTMLInputElement | HTMLTextAreaElement | null>());
  const fieldRef = (field: TReviewField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    fields.current.set(field, element);
  };

  const change = <K extends keyof TValues>(field: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = reviewProblems(values);
    if (found[0]) {
      setProblems(Object.fromEntries(found.map((problem) => [problem.field, t(`messages:${problem.message}`)])));
      fields.current.get(found[0].field)?.focus();
      toast({
        title: t('marketing:writeReview.missingTitle'),
        description: t('marketing:writeReview.missingDescription'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await write.mutateAsync(values);
      toast({ title: t('marketing:writeReview.successTitle'), description: t('marketing:writeReview.successDescription') });
    } catch (error) {
      toast({
        title: t('reviews:write.saveFailedTitle'),
        description: error instanceof ApiError ? error.message : t('reviews:write.saveFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <p className="rounded-md border bg-muted/40 p-3 text-sm">{t('reviews:write.nameNote', { name })}</p>
      <FormField
        label={t('marketing:writeReview.fields.company')}
        description={t('marketing:writeReview.fields.companyHint')}
        name="company"
        autoComplete="organization"
        maxLength={REVIEW_LIMITS.company}
        value={values.company}
        onChange={(event) => change('company', event.target.value)}
        ref={fieldRef('company')}
        aria-invalid={problems.company ? true : undefined}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor="review-text">{t('marketing:writeReview.fields.review')}</Label>
        <Textarea
          id="review-text"
          name="text"
          required
          rows={6}
          maxLength={REVIEW_LIMITS.text}
          value={values.text}
          onChange={(event) => change('text', event.target.value)}
          ref={fieldRef('text')}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={problems.text ? 'review-text-problem' : undefined}
        />
        <FieldProblem id="review-text-problem">{problems.text ?? null}</FieldProblem>
      </div>
      <StarRatingInput
        value={values.rating}
        onChange={(rating) => change('rating', rating)}
        invalid={Boolean(problems.rating)}
        focusRef={fieldRef('rating')}
      />
      <p className="text-sm text-muted-foreground">{t('reviews:write.approvalNote')}</p>
      <Button type="submit" size="lg" className="self-start" disabled={write.isPending}>
        {review ? t('reviews:write.update') : t('marketing:writeReview.submit')}
      </Button>
    </form>
  );
}
