import {
  ActivityIcon,
  ArrowRightLeftIcon,
  BarChartIcon,
  BellIcon,
  ClipboardListIcon,
  CreditCardIcon,
  FileTextIcon,
  HashIcon,
  LayoutGridIcon,
  SettingsIcon,
  TicketIcon,
  UsersIcon,
  type TIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';

export const ADMIN_SECTIONS = [
  'dashboard',
  'users',
  'plans',
  'promotions',
  'numbers',
  'porting',
  'analytics',
  'supportTickets',
  'content',
  'settings',
  'auditLog',
  'announcements',
  'lineProfiles',
] as const;
export type TAdminSection = (typeof ADMIN_SECTIONS)[number];

export type TAdminNavEntry = { section: TAdminSection; href: string; Icon: TIcon };

/** The back-office sidebar (spec 001 §2.10), in the spec's order, then the audit log. */
export const ADMIN_NAV: readonly TAdminNavEntry[] = [
  { section: 'dashboard', href: paths.admin.dashboard.getHref(), Icon: LayoutGridIcon },
  { section: 'users', href: paths.admin.users.getHref(), Icon: UsersIcon },
  { section: 'plans', href: paths.admin.plans.getHref(), Icon: CreditCardIcon },
  { section: 'promotions', href: paths.admin.promotions.getHref(), Icon: TicketIcon },
  { section: 'numbers', href: paths.admin.numbers.getHref(), Icon: HashIcon },
  { section: 'porting', href: paths.admin.porting.getHref(), Icon: ArrowRightLeftIcon },
  { section: 'analytics', href: paths.admin.analytics.getHref(), Icon: BarChartIcon },
  { section: 'supportTickets', href: paths.admin.supportTickets.getHref(), Icon: TicketIcon },
  { section: 'content', href: paths.admin.content.getHref(), Icon: FileTextIcon },
  { section: 'settings', href: paths.admin.settings.getHref(), Icon: SettingsIcon },
  // Beyond the spec's list: the read-only audit trail.
  { section: 'auditLog', href: paths.admin.auditLog.getHref(), Icon: ClipboardListIcon },
  // Beyond the spec's list too: the notices to customers (decision 118).
  { section: 'announcements', href: paths.admin.announcements.getHref(), Icon: BellIcon },
  // And the line settings learned per destination (decision 120).
  { section: 'lineProfiles', href: paths.admin.lineProfiles.getHref(), Icon: ActivityIcon },
];

/** The section a path belongs to (its own page or one below it), for the header title; null elsewhere. */
export function adminSectionOf(pathname: string): TAdminSection | null {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_NAV.find((entry) => path === entry.href || path.startsWith(`${entry.href}/`))?.section ?? null;
}
