import { useTranslation } from 'react-i18next';

import { SystemSettingsHub } from '@/features/admin-settings/components/system-settings-hub';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /admin/settings (spec 001 §2.11): the platform's settings hub, with the spec's anchored sections. Saved on the
 * server, and most take effect at once (maintenance, upload limit, API limit, two-factor policy, welcome message).
 */
export default function AdminSettingsRoute() {
  const { t } = useTranslation('admin-settings');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('intro')}</p>
      </div>
      <SystemSettingsHub />
    </section>
  );
}
