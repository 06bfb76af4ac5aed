import { useTranslation } from 'react-i18next';

import { NumbersAdmin } from '@/features/admin-numbers/components/numbers-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/numbers (spec 001 §2.11): the fax number inventory, assignments and releases. */
export default function AdminNumbersRoute() {
  const { t } = useTranslation('admin-catalogue');
  useDocumentTitle(t('numbers.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('numbers.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('numbers.intro')}</p>
      </div>
      <NumbersAdmin />
    </section>
  );
}
