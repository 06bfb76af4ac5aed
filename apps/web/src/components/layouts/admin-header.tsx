import type { TSessionUser } from '@faxline/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { AdminAccountMenu } from './admin-account-menu';
import { AdminDrawer } from './admin-drawer';
import { MenuIcon } from './admin-icons';
import { AdminLogo } from './admin-logo';
import { adminSectionOf } from './admin-nav';
import { AdminNotifications } from './admin-notifications';
import { LanguagePicker } from './language-picker';

/** The back office's header (spec 001 §2.10): the section's title, notifications, the avatar menu. */
export function AdminHeader({ user, isDesktop }: { user: TSessionUser; isDesktop: boolean }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const section = adminSectionOf(pathname);

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4 md:px-6">
      {isDesktop ? null : <DrawerToggle />}
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

function DrawerToggle() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  // Any navigation closes the slide-over, also one from the avatar menu (set during render: state that follows props).
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  // Focus goes back to the button that opened the slide-over, whatever closed it (Esc, a link, the backdrop).
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
      {open ? <AdminDrawer id={drawerId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
