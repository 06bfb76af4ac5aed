import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

import { GuardStatus } from '@/lib/auth/guard-status';
import { useAuth } from '@/lib/auth/use-auth';
import { usePlatformStatus } from '@/lib/platform/use-platform-info';
import { useMediaQuery } from '@/lib/use-media-query';

import { AdminHeader } from './admin-header';
import { AdminSidebar } from './admin-sidebar';
import { useStoredBoolean } from './use-stored-boolean';

/** Below 768 px the sidebar is a slide-over (spec 001 §2.10, the same breakpoint as the user area, §9). */
export const ADMIN_DESKTOP_QUERY = '(min-width: 768px)';
/** Its own key: collapsing one area's sidebar leaves the other's as it was. */
const SIDEBAR_COLLAPSED_KEY = 'admin-sidebar-collapsed';

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
 */
export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<GuardStatus>{t('loading')}</GuardStatus>}>
        <BackOffice />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

function BackOffice() {
  // `messages` (the forms' checks) loads with the back office, not with the first form that appears (see user-layout).
  const { t } = useTranslation(['admin', 'common', 'messages']);
  // RequireAdmin renders the back office only for a signed-in admin.
  const { user } = useAuth();
  const isDesktop = useMediaQuery(ADMIN_DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useStoredBoolean(SIDEBAR_COLLAPSED_KEY);
  useBackOfficeTheme();
  if (!user) return null;

  return (
    <div className="flex min-h-dvh bg-muted/40">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        {t('common:skipToMain')}
      </a>
      {isDesktop ? <AdminSidebar collapsed={collapsed} onCollapsedChange={setCollapsed} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader user={user} isDesktop={isDesktop} />
        {/* tabIndex lets the skip link move keyboard focus here, not only scroll. */}
        <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
          <Suspense
            fallback={
              <p role="status" className="sr-only">
                {t('common:loading')}
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
