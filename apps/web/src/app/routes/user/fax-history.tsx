import { useTranslation } from 'react-i18next';

import { FaxHistory } from '@/features/faxes/components/fax-history';
import { ReviewQueueLink } from '@/features/faxes/components/review-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/fax-history (spec 001 §2.7): sent and received faxes from the server. */
export default function FaxHistoryRoute() {
  const { t } = useTranslation('faxes');
  useDocumentTitle(t('history.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('history.title')}</h1>
        <p className="text-muted-foreground">{t('history.intro')}</p>
        <ReviewQueueLink />
      </div>
      <FaxHistory />
    </section>
  );
}
