import type { ComponentType } from 'react';

import { paths } from '@/config/paths';

import {
  AnalyticsIcon,
  AuditLogIcon,
  ContentIcon,
  DashboardIcon,
  NumbersIcon,
  PlansIcon,
  SettingsIcon,
  TicketsIcon,
  UsersIcon,
} from './admin-icons';

export const ADMIN_SECTIONS = [
  'dashboard',
  'users',
  'plans',
  'numbers',
  'analytics',
  'supportTickets',
  'content',
  'settings',
  'auditLog',
] as const;
export type TAdminSection = (typeof ADMIN_SECTIONS)[number];

export type TAdminNavEntry = { section: TAdminSection; href: string; Icon: ComponentType<{ className?: string }> };

/** The back-office sidebar (spec 001 §2.10), in the spec's order, then the audit log. */
export const ADMIN_NAV: readonly TAdminNavEntry[] = [
  { section: 'dashboard', href: paths.admin.dashboard.getHref(), Icon: DashboardIcon },
  { section: 'users', href: paths.admin.users.getHref(), Icon: UsersIcon },
  { section: 'plans', href: paths.admin.plans.getHref(), Icon: PlansIcon },
  { section: 'numbers', href: paths.admin.numbers.getHref(), Icon: NumbersIcon },
  { section: 'analytics', href: paths.admin.analytics.getHref(), Icon: AnalyticsIcon },
  { section: 'supportTickets', href: paths.admin.supportTickets.getHref(), Icon: TicketsIcon },
  { section: 'content', href: paths.admin.content.getHref(), Icon: ContentIcon },
  { section: 'settings', href: paths.admin.settings.getHref(), Icon: SettingsIcon },
  // Beyond the spec's list: the read-only audit trail (issue 7).
  { section: 'auditLog', href: paths.admin.auditLog.getHref(), Icon: AuditLogIcon },
];

/** The section a path belongs to (its own page or one below it), for the header title; null elsewhere. */
export function adminSectionOf(pathname: string): TAdminSection | null {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_NAV.find((entry) => path === entry.href || path.startsWith(`${entry.href}/`))?.section ?? null;
}
