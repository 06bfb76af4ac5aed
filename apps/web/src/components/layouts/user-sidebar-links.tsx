import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';

import { CodeIcon, KeyIcon, LockIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import {
  HistoryIcon,
  LayoutGridIcon,
  SendIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  UserIcon,
  UserPlusIcon,
} from './user-area-icons';
import { navEntriesFor, SECURITY_LINKS, type TMemberRole, type TSecurityLinkKey, type TUserNavKey } from './user-nav';
import { useSideTooltip } from './use-side-tooltip';

type TIcon = ComponentType<{ className?: string }>;

const NAV_ICONS: Record<TUserNavKey, TIcon> = {
  overview: LayoutGridIcon,
  sendFax: SendIcon,
  faxHistory: HistoryIcon,
  profile: UserIcon,
  userAdministration: UserPlusIcon,
  settings: SettingsIcon,
};

const SECURITY_ICONS: Record<TSecurityLinkKey, TIcon> = {
  sso: KeyIcon,
  twoFactor: SmartphoneIcon,
  pgpEncryption: LockIcon,
  apiAuthentication: CodeIcon,
  advancedSecurity: ShieldCheckIcon,
};

const itemClass =
  'flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring';
const activeClass = 'bg-accent text-accent-foreground';

type TSidebarLinksProps = {
  role: TMemberRole | undefined;
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed?: boolean;
  /** Called on a click on any link, so that the drawer can close. */
  onNavigate?: () => void;
};

/** The user area's entries and its Security group (spec 001 §2.2), for the desktop sidebar and the phone drawer. */
export function UserSidebarLinks({ role, collapsed = false, onNavigate }: TSidebarLinksProps) {
  const { t } = useTranslation('user');
  const securityHeadingId = useId();
  const { tooltipProps, tooltip } = useSideTooltip(collapsed);

  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-1">
        {navEntriesFor(role).map(({ key, href }) => {
          const Icon = NAV_ICONS[key];
          const label = t(`nav.entries.${key}`);
          return (
            <li key={key}>
              <NavLink
                to={href}
                onClick={onNavigate}
                className={({ isActive }) => cn(itemClass, isActive && activeClass, collapsed && 'justify-center px-0')}
                {...tooltipProps(label)}
              >
                <Icon />
                <span className={collapsed ? 'sr-only' : 'min-w-0 leading-snug'}>{label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      <div className={cn('flex flex-col gap-1', collapsed && 'border-t pt-4')}>
        <h2
          id={securityHeadingId}
          className={collapsed ? 'sr-only' : 'px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase'}
        >
          {t('nav.security.heading')}
        </h2>
        <ul aria-labelledby={securityHeadingId} className="flex flex-col gap-1">
          {SECURITY_LINKS.map(({ key, href }) => {
            const Icon = SECURITY_ICONS[key];
            const label = t(`nav.security.links.${key}`);
            return (
              <li key={key}>
                {/* Plain links: these point at sections, and Settings already marks /user/settings as current. */}
                <Link to={href} onClick={onNavigate} className={cn(itemClass, collapsed && 'justify-center px-0')} {...tooltipProps(label)}>
                  <Icon className="size-4" />
                  <span className={collapsed ? 'sr-only' : 'min-w-0 leading-snug'}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      {tooltip}
    </div>
  );
}
