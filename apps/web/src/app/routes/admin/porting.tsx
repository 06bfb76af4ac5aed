import { useTranslation } from 'react-i18next';

import { PortingQueue } from '@/features/admin-porting/components/porting-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/porting: the queue of requests to port numbers in, worked by hand or through a carrier (decision 113). */
export default function AdminPortingRoute() {
  const { t } = useTranslation('porting');
  useDocumentTitle(t('admin.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('admin.intro')}</p>
      </div>
      <PortingQueue />
    </section>
  );
}
