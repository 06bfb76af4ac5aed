import type { TSessionUser } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { DrawerToggle } from './side-drawer';
import { LanguagePicker } from './language-picker';
import { UserAccountMenu } from './user-account-menu';
import { UserDrawer } from './user-drawer';
import { UserLogo } from './user-logo';
import { matchingNavEntry, maySeeFaxes, type TMemberRole } from './user-nav';
import { UserNotifications } from './user-notifications';

type TUserHeaderProps = {
  user: TSessionUser;
  role: TMemberRole | undefined;
  /** At 768 px and wider the sidebar stands beside the page; below, it is a drawer opened from here. */
  isDesktop: boolean;
};

/** The user area's header (spec 001 §2.2): the page's title, the language picker, notifications and the avatar menu. */
export function UserHeader({ user, role, isDesktop }: TUserHeaderProps) {
  const title = useHeaderTitle();

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4 md:px-6">
      {isDesktop ? null : <UserDrawerToggle role={role} />}
      {isDesktop ? null : <UserLogo compact />}
      <p className="min-w-0 truncate text-lg font-semibold">{title}</p>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        {isDesktop ? <LanguagePicker /> : null}
        {/* Only once the role is known: a Billing contact's request would be refused every 30 s. */}
        <UserNotifications enabled={role !== undefined && maySeeFaxes(role)} />
        <UserAccountMenu user={user} role={role} />
      </div>
    </header>
  );
}

/** The label of the sidebar entry of the page shown; 'User Dashboard' when none matches (spec 001 §2.2). */
function useHeaderTitle(): string {
  const { t } = useTranslation('user');
  const { pathname } = useLocation();
  const entry = matchingNavEntry(pathname);
  return entry ? t(`nav.entries.${entry.key}`) : t('layout.defaultTitle');
}

function UserDrawerToggle({ role }: { role: TMemberRole | undefined }) {
  const { t } = useTranslation('user');
  return <DrawerToggle label={t('layout.openNavigation')} drawer={(id, close) => <UserDrawer id={id} role={role} onClose={close} />} />;
}
