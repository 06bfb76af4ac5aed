import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

import { useAccountSummary } from '@/lib/account/get-account-summary';
import { GuardStatus } from '@/lib/auth/guard-status';
import { useAuth } from '@/lib/auth/use-auth';
import { useMediaQuery } from '@/lib/use-media-query';

import { UserHeader } from './user-header';
import { UserSidebar } from './user-sidebar';
import { useStoredBoolean } from './use-stored-boolean';

/** Spec 001 §9: the user area's drawer layout applies below 768 px. */
export const USER_AREA_DESKTOP_QUERY = '(min-width: 768px)';
const SIDEBAR_COLLAPSED_KEY = 'user-sidebar-collapsed';

/**
 * The layout of every /user page (spec 001 §2.2): a sidebar beside the page on desktop, a drawer on phones, and a
 * header; no public header or footer. Its texts load with it, meanwhile the common 'Loading…' stands in.
 */
export function UserLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<GuardStatus>{t('loading')}</GuardStatus>}>
        <UserArea />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

function UserArea() {
  // `messages` (the forms' checks) loads with the area, not with the first form: a form that appears later (the
  // Delete Account card once the role is known) would otherwise suspend the page, hiding it and dropping its focus.
  const { t } = useTranslation(['user', 'common', 'messages']);
  // RequireUser renders the user area only for a signed-in person.
  const { user } = useAuth();
  const isDesktop = useMediaQuery(USER_AREA_DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useStoredBoolean(SIDEBAR_COLLAPSED_KEY);
  // Until the role is known, the layout shows what a standard user may use (user-nav.ts).
  const role = useAccountSummary().data?.role;
  if (!user) return null;

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        {t('common:skipToMain')}
      </a>
      {isDesktop ? <UserSidebar role={role} collapsed={collapsed} onCollapsedChange={setCollapsed} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <UserHeader user={user} role={role} isDesktop={isDesktop} />
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
