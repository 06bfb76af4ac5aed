import type { TSessionUser } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { AdminAccountMenu } from './admin-account-menu';
import { AdminDrawer } from './admin-drawer';
import { AdminLogo } from './admin-logo';
import { adminSectionOf } from './admin-nav';
import { AdminNotifications } from './admin-notifications';
import { DrawerToggle } from './side-drawer';
import { LanguagePicker } from './language-picker';

/** The back office's header (spec 001 §2.10): the section's title, notifications, the avatar menu. */
export function AdminHeader({ user, isDesktop }: { user: TSessionUser; isDesktop: boolean }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const section = adminSectionOf(pathname);

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4 md:px-6">
      {isDesktop ? null : <AdminDrawerToggle />}
      {isDesktop ? null : <AdminLogo compact />}
      {/* The page below has its own h1; this names the section, like the highlighted sidebar entry. */}
      <p className="min-w-0 truncate text-lg font-semibold">{section ? t(`nav.${section}`) : t('layout.defaultTitle')}</p>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        {isDesktop ? <LanguagePicker /> : null}
        <AdminNotifications />
        <AdminAccountMenu user={user} />
      </div>
    </header>
  );
}

function AdminDrawerToggle() {
  const { t } = useTranslation('admin');
  return <DrawerToggle label={t('layout.openNavigation')} drawer={(id, close) => <AdminDrawer id={id} onClose={close} />} />;
}
