import { useTranslation } from 'react-i18next';

import { AnnouncementsAdmin } from '@/features/admin-announcements/components/announcements-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/announcements (decision 118): maintenance, incident and terms notices to customers, and their record. */
export default function AdminAnnouncementsRoute() {
  const { t } = useTranslation('admin-announcements');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('intro')}</p>
      </div>
      <AnnouncementsAdmin />
    </section>
  );
}
