import { useTranslation } from 'react-i18next';

import { ReviewQueue } from '@/features/faxes/components/review-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/fax-review: the received faxes whose class waits for a member (issue 37, item 4; decision 102). */
export default function FaxReviewRoute() {
  const { t } = useTranslation('faxes');
  useDocumentTitle(t('review.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('review.title')}</h1>
        <p className="text-muted-foreground">{t('review.intro')}</p>
      </div>
      <ReviewQueue />
    </section>
  );
}
