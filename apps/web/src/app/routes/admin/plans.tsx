import { useTranslation } from 'react-i18next';

import { InternationalRatesAdmin } from '@/features/admin-plans/components/international-rates-admin';
import { PlansAdmin } from '@/features/admin-plans/components/plans-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/plans (spec 001 §2.11): the plan catalogue that /pricing and /fax-plans show. */
export default function AdminPlansRoute() {
  const { t } = useTranslation('admin-catalogue');
  useDocumentTitle(t('plans.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('plans.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('plans.intro')}</p>
      </div>
      <PlansAdmin />
      <InternationalRatesAdmin />
    </section>
  );
}
