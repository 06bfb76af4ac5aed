import type { TSessionUser } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { HeaderMenu, HeaderMenuSeparator } from '../header-menu';

import { AccountTrigger } from './account-trigger';

const itemClass =
  'flex cursor-pointer items-center rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground';

/** The signed-in account menu: Dashboard, Profile, Settings, Sign Out (spec 000 §2). Arrow keys, Enter and Esc work. */
export default function AccountMenu({ user }: { user: TSessionUser }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();

  return (
    <HeaderMenu
      widthClassName="min-w-[13rem]"
      trigger={<AccountTrigger user={user} aria-label={t('account.menuLabel', { email: user.email })} />}
    >
      <DropdownMenu.Label className="truncate px-3 py-2 text-sm">
        {user.name ? <span className="block truncate font-medium">{user.name}</span> : null}
        <span className="block truncate text-muted-foreground">{user.email}</span>
      </DropdownMenu.Label>
      <HeaderMenuSeparator />
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to={paths.user.dashboard.getHref()}>{t('account.dashboard')}</Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to={paths.user.profile.getHref()}>{t('account.profile')}</Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to={paths.user.settings.getHref()}>{t('account.settings')}</Link>
      </DropdownMenu.Item>
      <HeaderMenuSeparator />
      <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
        {t('account.signOut')}
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
