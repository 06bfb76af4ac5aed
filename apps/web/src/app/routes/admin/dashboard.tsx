import { useTranslation } from 'react-i18next';

import { AdminLogoutButton } from '@/features/admin-access/components/admin-logout-button';
import { DashboardLinks } from '@/features/admin-dashboard/components/dashboard-links';
import { DashboardStats } from '@/features/admin-dashboard/components/dashboard-stats';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/dashboard (spec 001 §2.11): a welcome, the stat cards (real figures), shortcuts and Logout. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation(['admin', 'auth']);
  useDocumentTitle(t('dashboard.title'));
  const { user } = useAuth();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
          <p>{t('dashboard.welcome', { name: user?.name || user?.email || '' })}</p>
          <p className="text-sm text-muted-foreground">{t('auth:adminDashboard.accessNote')}</p>
        </div>
        <div className="shrink-0">
          {/* Ends the back-office access only (the spec's Logout); Sign Out in the avatar menu ends the session. */}
          <AdminLogoutButton />
        </div>
      </div>
      <DashboardStats />
      <DashboardLinks />
    </div>
  );
}
