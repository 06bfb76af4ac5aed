import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ActivityIcon,
  ArrowRightLeftIcon,
  ClipboardListIcon,
  CodeIcon,
  CreditCardIcon,
  HelpCircleIcon,
  HistoryIcon,
  InboxIcon,
  KeyIcon,
  LayoutGridIcon,
  LockIcon,
  MailIcon,
  MonitorIcon,
  PhoneIcon,
  SendIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  UserIcon,
  UserPlusIcon,
  UsersIcon,
  ZapIcon,
  type TIcon,
} from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import { SidebarLinks } from '../shell/sidebar-links';
import { useSideTooltip } from '../shell/use-side-tooltip';

import { navEntriesFor, SECURITY_LINKS, type TMemberRole, type TSecurityLinkKey, type TUserNavKey } from './user-nav';

const NAV_ICONS: Record<TUserNavKey, TIcon> = {
  overview: LayoutGridIcon,
  sendFax: SendIcon,
  broadcasts: UsersIcon,
  faxHistory: HistoryIcon,
  contacts: UsersIcon,
  profile: UserIcon,
  userAdministration: UserPlusIcon,
  settings: SettingsIcon,
  security: MonitorIcon,
  auditTrail: ActivityIcon,
  apiKeys: KeyIcon,
  webhooks: ZapIcon,
  inboxes: InboxIcon,
  routingRules: ClipboardListIcon,
  numbers: PhoneIcon,
  emailToFax: MailIcon,
  porting: ArrowRightLeftIcon,
  billing: CreditCardIcon,
  support: HelpCircleIcon,
};

const SECURITY_ICONS: Record<TSecurityLinkKey, TIcon> = {
  sso: KeyIcon,
  twoFactor: SmartphoneIcon,
  pgpEncryption: LockIcon,
  apiAuthentication: CodeIcon,
  advancedSecurity: ShieldCheckIcon,
};

type TSidebarLinksProps = {
  role: TMemberRole | undefined;
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed?: boolean;
  /** Called on a click on any link, so that the drawer can close. */
  onNavigate?: () => void;
  /** What goes under Fax History (the shared inboxes), a feature the app puts in. */
  faxViews?: TFaxViewsSlot;
};

/** The entries under Fax History, drawn like the sidebar's own (collapsed, with tooltips, closing the drawer). */
export type TFaxViewsSlot = (props: {
  collapsed: boolean;
  tooltipProps: ReturnType<typeof useSideTooltip>['tooltipProps'];
  onNavigate?: () => void;
}) => ReactNode;

/** The user area's entries and its Security group (spec 001 §2.2), for the desktop sidebar and the phone drawer. */
export function UserSidebarLinks({ role, collapsed = false, onNavigate, faxViews }: TSidebarLinksProps) {
  const { t } = useTranslation('user');
  const securityHeadingId = useId();
  const { tooltipProps, tooltip } = useSideTooltip(collapsed);
  const shared = { collapsed, tooltipProps, onNavigate };
  const items = navEntriesFor(role).map(({ key, href }) => ({ key, href, label: t(`nav.entries.${key}`), Icon: NAV_ICONS[key] }));

  return (
    <div className="flex flex-col gap-6">
      <SidebarLinks
        items={items}
        activeClassName="bg-accent text-accent-foreground"
        // The fax views (the shared inboxes) sit right under Fax History, in its entry, for those who see it.
        nestedUnder={(key) => (key === 'faxHistory' && faxViews ? faxViews(shared) : null)}
        {...shared}
      />
      <div className={cn('flex flex-col gap-1', collapsed && 'border-t pt-4')}>
        <h2
          id={securityHeadingId}
          className={collapsed ? 'sr-only' : 'px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase'}
        >
          {t('nav.security.heading')}
        </h2>
        {/* Plain links: these point at sections, and Settings already marks /user/settings as current. */}
        <SidebarLinks
          aria-labelledby={securityHeadingId}
          items={SECURITY_LINKS.map(({ key, href }) => ({ key, href, label: t(`nav.security.links.${key}`), Icon: SECURITY_ICONS[key] }))}
          iconClassName="size-4"
          {...shared}
        />
      </div>
      {tooltip}
    </div>
  );
}
