import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useAuth } from '@/lib/auth/use-auth';

import { AreaFrame, AreaLayout } from '../shell/area-frame';

import { UserAccountMenu } from './user-account-menu';
import { UserLogo } from './user-logo';
import { matchingNavEntry } from './user-nav';
import { UserSidebarLinks, type TFaxViewsSlot } from './user-sidebar-links';

/**
 * The layout of every /user page (spec 001 §2.2): a sidebar beside the page on desktop, a drawer on phones, and a
 * header; no public header or footer. Its texts load with it, meanwhile the common 'Loading…' stands in.
 * `notifications` is the header's bell, `banner` what every page starts with (a failed payment's) and `faxViews` the
 * shared inboxes under Fax History, features the app puts here (app/user-area-layout.tsx).
 */
export function UserLayout({ notifications, banner, faxViews }: TUserAreaSlots) {
  return (
    <AreaLayout>
      <UserArea notifications={notifications} banner={banner} faxViews={faxViews} />
    </AreaLayout>
  );
}

type TUserAreaSlots = { notifications: ReactNode; banner?: ReactNode; faxViews?: TFaxViewsSlot };

function UserArea({ notifications, banner, faxViews }: TUserAreaSlots) {
  // `messages` (the forms' checks) loads with the area, not with the first form: a form that appears later (the
  // Delete Account card once the role is known) would otherwise suspend the page, hiding it and dropping its focus.
  // `notifications` (the bell's texts) too, so that the header does not suspend when the bell first renders.
  const { t } = useTranslation(['user', 'common', 'messages', 'notifications']);
  // RequireUser renders the user area only for a signed-in person.
  const { user } = useAuth();
  // Until the role is known, the layout shows what a standard user may use (user-nav.ts).
  const role = useAccountSummary().data?.role;
  // The header names the sidebar entry of the page shown; 'User Dashboard' when none matches (spec 001 §2.2).
  const entry = matchingNavEntry(useLocation().pathname);
  if (!user) return null;

  return (
    <AreaFrame
      texts={{
        navLabel: t('nav.label'),
        expandSidebar: t('layout.expandSidebar'),
        collapseSidebar: t('layout.collapseSidebar'),
        openNavigation: t('layout.openNavigation'),
        closeNavigation: t('layout.closeNavigation'),
      }}
      Logo={UserLogo}
      links={(props) => <UserSidebarLinks role={role} faxViews={faxViews} {...props} />}
      collapsedKey="user-sidebar-collapsed"
      sidebarClassName="bg-muted/40"
      drawerWidthClassName="w-72"
      title={entry ? t(`nav.entries.${entry.key}`) : t('layout.defaultTitle')}
      actions={
        <>
          {notifications}
          <UserAccountMenu user={user} role={role} />
        </>
      }
      banner={banner}
    />
  );
}
