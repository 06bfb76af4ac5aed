import type { TSessionUser } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { AccountTrigger } from './account-trigger';

const itemClass =
  'flex cursor-pointer items-center rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground';

/** The signed-in account menu: Dashboard, Profile, Settings, Sign Out (spec 000 §2). Arrow keys, Enter and Esc work. */
export default function AccountMenu({ user }: { user: TSessionUser }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();

  return (
    // Not modal: the rest of the page stays in the accessibility tree (no aria-hidden around focusable elements) and
    // Tab simply leaves the menu, as in the WAI-ARIA menu button pattern.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <AccountTrigger user={user} aria-label={t('account.menuLabel', { email: user.email })} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-[13rem] max-w-[calc(100vw-1rem)] rounded-md border bg-background p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-sm">
            {user.name ? <span className="block truncate font-medium">{user.name}</span> : null}
            <span className="block truncate text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.user.dashboard.getHref()}>{t('account.dashboard')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.user.profile.getHref()}>{t('account.profile')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.user.settings.getHref()}>{t('account.settings')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
