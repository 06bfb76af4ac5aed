import { useTranslation } from 'react-i18next';

import { PromotionsAdmin } from '@/features/admin-promotions/components/promotions-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/promotions (issue 36 item 5, decision 088): the coupons checkout applies, and the bar and texts show. */
export default function AdminPromotionsRoute() {
  const { t } = useTranslation('admin-promotions');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('intro')}</p>
      </div>
      <PromotionsAdmin />
    </section>
  );
}
