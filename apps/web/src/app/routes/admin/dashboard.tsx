import { useTranslation } from 'react-i18next';

import { AdminLogoutButton } from '@/features/admin-access/components/admin-logout-button';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/dashboard (spec 001 §2.11), first version: a welcome and Logout. The back-office sections come later. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('adminDashboard.title'));
  const { user } = useAuth();

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('adminDashboard.title')}</h1>
        <p>{t('adminDashboard.welcome', { name: user?.name || user?.email || '' })}</p>
        <p className="text-sm text-muted-foreground">{t('adminDashboard.accessNote')}</p>
      </div>
      <div>
        <AdminLogoutButton />
      </div>
    </section>
  );
}
