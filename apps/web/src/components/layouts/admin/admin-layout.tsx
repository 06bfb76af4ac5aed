import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useAuth } from '@/lib/auth/use-auth';
import { usePlatformStatus } from '@/lib/platform/use-platform-info';

import { AreaFrame, AreaLayout } from '../shell/area-frame';

import { AdminAccountMenu } from './admin-account-menu';
import { AdminLogo } from './admin-logo';
import { adminSectionOf } from './admin-nav';
import { AdminSidebarLinks } from './admin-sidebar-links';

/**
 * The back office wears the theme chosen in its settings (primaryColor, secondaryColor): the theme's CSS variables
 * (styles/index.css) are set on the document while the back office is shown, so every control follows, dialogs in the
 * top layer included. The hover shade is the colour darkened.
 */
function useBackOfficeTheme() {
  const colours = usePlatformStatus().data;
  const primary = colours?.primaryColor;
  const secondary = colours?.secondaryColor ?? '#db2777';
  useEffect(() => {
    const root = document.documentElement.style;
    const values: Record<string, string> = { '--admin-secondary': secondary };
    if (primary)
      Object.assign(values, { '--primary': primary, '--primary-hover': `color-mix(in srgb, ${primary} 85%, black)`, '--ring': primary });
    for (const [name, value] of Object.entries(values)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(values)) root.removeProperty(name);
    };
  }, [primary, secondary]);
}

/**
 * The layout of every protected /admin page (spec 001 §2.10): a collapsible sidebar on desktop, a slide-over on
 * phones, and a header with the section's title, notifications and the avatar menu. Its texts load with it.
 * `notifications` is the header's bell, a feature the app puts here (app/admin-area-layout.tsx).
 */
export function AdminLayout({ notifications }: { notifications: ReactNode }) {
  return (
    <AreaLayout>
      <BackOffice notifications={notifications} />
    </AreaLayout>
  );
}

function BackOffice({ notifications }: { notifications: ReactNode }) {
  // `messages` (the forms' checks) and `notifications` (the bell's) load with the back office (see user-layout).
  const { t } = useTranslation(['admin', 'common', 'messages', 'notifications']);
  // RequireAdmin renders the back office only for a signed-in admin.
  const { user } = useAuth();
  const section = adminSectionOf(useLocation().pathname);
  useBackOfficeTheme();
  if (!user) return null;

  return (
    <AreaFrame
      texts={{
        navLabel: t('layout.navLabel'),
        expandSidebar: t('layout.expandSidebar'),
        collapseSidebar: t('layout.collapseSidebar'),
        openNavigation: t('layout.openNavigation'),
        closeNavigation: t('layout.closeNavigation'),
      }}
      Logo={AdminLogo}
      links={(props) => <AdminSidebarLinks {...props} />}
      // Its own key: collapsing one area's sidebar leaves the other's as it was.
      collapsedKey="admin-sidebar-collapsed"
      className="bg-muted/40"
      sidebarClassName="bg-background"
      sidebarAttributes={{ 'data-admin-sidebar': true }}
      drawerWidthClassName="w-64"
      title={section ? t(`nav.${section}`) : t('layout.defaultTitle')}
      actions={
        <>
          {notifications}
          <AdminAccountMenu user={user} />
        </>
      }
    />
  );
}
