import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/utils';

import type { useSideTooltip } from './use-side-tooltip';

type TNestedNavLinkProps = {
  href: string;
  /** The link's whole name (with its count), for screen readers and the collapsed sidebar's tooltip. */
  label: string;
  /** What the link shows: its name, beside the count. */
  name: string;
  /** What stands for it in the collapsed sidebar (an initial, an icon). */
  collapsedMark: ReactNode;
  count: number;
  current: boolean;
  collapsed: boolean;
  tooltipProps: ReturnType<typeof useSideTooltip>['tooltipProps'];
  onNavigate?: (() => void) | undefined;
};

/** An entry under a sidebar entry (the shared inboxes, the approval queue under Fax History), with a count badge. */
export function NestedNavLink({
  href,
  label,
  name,
  collapsedMark,
  count,
  current,
  collapsed,
  tooltipProps,
  onNavigate,
}: TNestedNavLinkProps) {
  return (
    <Link
      to={href}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      onClick={onNavigate}
      {...tooltipProps(label)}
      className={cn(
        'flex min-h-9 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        current && 'bg-accent text-accent-foreground',
        collapsed && 'relative justify-center px-0',
      )}
    >
      {collapsed ? collapsedMark : <span className="min-w-0 flex-1 leading-snug break-words">{name}</span>}
      {count > 0 ? (
        <span
          aria-hidden="true"
          className={cn(
            'rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums',
            collapsed && 'absolute -top-1 right-0',
          )}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/** The list nested entries sit in: indented under their entry, or stacked as icons when the sidebar is collapsed. */
export const nestedNavListClass = (collapsed: boolean) => cn('mt-1 flex flex-col gap-1', !collapsed && 'ml-6 border-l pl-2');
