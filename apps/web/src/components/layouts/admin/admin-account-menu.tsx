import type { TSessionUser } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LogOutIcon, SettingsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { HeaderMenu, HeaderMenuSeparator } from '../header-menu';

import { adminInitials, nameFromEmail } from './admin-initials';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground';

/**
 * The avatar menu (spec 001 §2.10): initials of the name derived from the e-mail address, System Settings and Sign Out.
 * Sign Out ends the session, and the back-office access with it; the auth context says so and goes home.
 */
export function AdminAccountMenu({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('admin');
  const { signOut } = useAuth();

  return (
    <HeaderMenu
      widthClassName="min-w-[14rem]"
      trigger={
        <button
          type="button"
          aria-label={t('layout.accountMenu', { email: user.email })}
          className="grid size-10 shrink-0 place-items-center rounded-full outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground ring-2 ring-[var(--admin-secondary)] ring-offset-1"
          >
            {adminInitials(user.email)}
          </span>
        </button>
      }
    >
      <DropdownMenu.Label className="px-3 py-2 text-sm">
        <span className="block truncate font-medium">{user.name || nameFromEmail(user.email)}</span>
        <span className="block truncate text-muted-foreground">{user.email}</span>
      </DropdownMenu.Label>
      <HeaderMenuSeparator />
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to={paths.admin.settings.getHref()}>
          <SettingsIcon className="size-4" />
          {t('layout.systemSettings')}
        </Link>
      </DropdownMenu.Item>
      <HeaderMenuSeparator />
      <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
        <LogOutIcon className="size-4" />
        {t('layout.signOut')}
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
