import type { TSessionUser } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { HelpCircleIcon, LogOutIcon, SettingsIcon, UserIcon, UserPlusIcon, type TIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { HeaderMenu, HeaderMenuSeparator } from '../header-menu';

import { UserAvatar } from './user-avatar';
import { mayUse, USER_NAV_ENTRIES, type TMemberRole } from './user-nav';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground';

type TMenuLink = {
  key: 'profile' | 'settings' | 'userAdministration' | 'helpCenter';
  href: string;
  icon: TIcon;
};

const MENU_LINKS: readonly TMenuLink[] = [
  { key: 'profile', href: paths.user.profile.getHref(), icon: UserIcon },
  { key: 'settings', href: paths.user.settings.getHref(), icon: SettingsIcon },
  { key: 'userAdministration', href: paths.user.addUser.getHref(), icon: UserPlusIcon },
  { key: 'helpCenter', href: paths.support.getHref(), icon: HelpCircleIcon },
];

/** Whether the menu's link leads to a page the role may use: the same rule as the sidebar's entry for it. */
function mayOpen(link: TMenuLink, role: TMemberRole | undefined): boolean {
  const entry = USER_NAV_ENTRIES.find((candidate) => candidate.href === link.href);
  return entry ? mayUse(entry, role) : true;
}

/**
 * The avatar menu (spec 001 §2.2): name and e-mail, My Profile, Settings, User Administration, Help Center and Sign Out.
 * Arrow keys, Enter and Esc work; signing out says so in a toast (spec 001 §8).
 */
export function UserAccountMenu({ user, role }: { user: TSessionUser; role: TMemberRole | undefined }) {
  const { t } = useTranslation(['user', 'common']);
  const { signOut } = useAuth();

  return (
    <HeaderMenu
      widthClassName="w-64"
      trigger={
        <button
          type="button"
          aria-label={t('common:account.menuLabel', { email: user.email })}
          className="grid size-10 shrink-0 place-items-center rounded-full outline-hidden hover:ring-2 hover:ring-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-ring"
        >
          <UserAvatar user={user} />
        </button>
      }
    >
      <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2 text-sm">
        <UserAvatar user={user} className="size-10" />
        <span className="min-w-0">
          {user.name ? <span className="block truncate font-medium">{user.name}</span> : null}
          <span className="block truncate text-muted-foreground">{user.email}</span>
        </span>
      </DropdownMenu.Label>
      <HeaderMenuSeparator />
      {MENU_LINKS.filter((link) => mayOpen(link, role)).map(({ key, href, icon: Icon }) => (
        <DropdownMenu.Item key={key} asChild className={itemClass}>
          <Link to={href}>
            <Icon className="size-4" />
            {t(`accountMenu.${key}`)}
          </Link>
        </DropdownMenu.Item>
      ))}
      <HeaderMenuSeparator />
      <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
        <LogOutIcon className="size-4" />
        {t('accountMenu.signOut')}
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
