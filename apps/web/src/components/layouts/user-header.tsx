import type { TSessionUser } from '@faxline/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LanguagePicker } from './language-picker';
import { MenuIcon } from './user-area-icons';
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
      {isDesktop ? null : <DrawerToggle role={role} />}
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

function DrawerToggle({ role }: { role: TMemberRole | undefined }) {
  const { t } = useTranslation('user');
  const location = useLocation();
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  // Any navigation closes the drawer, also one from the avatar menu (set during render: state that follows props).
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  // Focus goes back to the button that opened the drawer, whatever closed it (Esc, a link, the backdrop).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label={t('layout.openNavigation')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        className="grid size-10 shrink-0 place-items-center rounded-md border border-input outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MenuIcon />
      </button>
      {open ? <UserDrawer id={drawerId} role={role} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
