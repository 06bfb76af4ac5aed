import type { ComponentProps, ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

import type { TIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import type { useSideTooltip } from './use-side-tooltip';

export type TSidebarItem = { key: string; href: string; label: string; Icon: TIcon };

const itemClass =
  'flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring';

type TSidebarLinksProps = Omit<ComponentProps<'ul'>, 'children'> & {
  items: readonly TSidebarItem[];
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed: boolean;
  tooltipProps: ReturnType<typeof useSideTooltip>['tooltipProps'];
  /** Marks the current page's entry; without it the items are plain links (to sections of pages). */
  activeClassName?: string;
  iconClassName?: string;
  /** How an open sidebar fits a long label: wrapped (the user area) or cut (the back office). */
  labelClassName?: string;
  /** Called on a click on any link, so that the drawer can close. */
  onNavigate?: () => void;
  /** What an entry holds under its link (a nested list: the shared inboxes under Fax History). */
  nestedUnder?: (key: string) => ReactNode;
};

/** A list of sidebar entries, the same in the user area and the back office, on desktop and in the phone drawer. */
export function SidebarLinks({
  items,
  collapsed,
  tooltipProps,
  activeClassName,
  iconClassName,
  labelClassName = 'min-w-0 leading-snug',
  onNavigate,
  nestedUnder,
  className,
  ...listProps
}: TSidebarLinksProps) {
  return (
    <ul className={cn('flex flex-col gap-1', className)} {...listProps}>
      {items.map(({ key, href, label, Icon }) => {
        const content = (
          <>
            <Icon className={iconClassName} />
            <span className={collapsed ? 'sr-only' : labelClassName}>{label}</span>
          </>
        );
        const shared = { to: href, onClick: onNavigate, ...tooltipProps(label) };
        const compact = collapsed && 'justify-center px-0';
        return (
          <li key={key}>
            {activeClassName === undefined ? (
              <Link className={cn(itemClass, compact)} {...shared}>
                {content}
              </Link>
            ) : (
              <NavLink className={({ isActive }) => cn(itemClass, isActive && activeClassName, compact)} {...shared}>
                {content}
              </NavLink>
            )}
            {nestedUnder?.(key)}
          </li>
        );
      })}
    </ul>
  );
}
