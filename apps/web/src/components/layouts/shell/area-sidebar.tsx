import type { ReactNode } from 'react';

import { PanelCollapseIcon, PanelExpandIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import type { TAreaLogo, TAreaTexts } from './area-config';

type TAreaSidebarProps = {
  texts: TAreaTexts;
  Logo: TAreaLogo;
  /** The area's background behind its links. */
  className: string;
  /** Marks the sidebar for the area's own styles and tests (data-admin-sidebar). */
  dataAttributes?: Record<`data-${string}`, boolean>;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  children: ReactNode;
};

/** The desktop sidebar of an area (spec 001 §2.2, §2.10, §9): 256 px open, 72 px collapsed to icons. */
export function AreaSidebar({ texts, Logo, className, dataAttributes, collapsed, onCollapsedChange, children }: TAreaSidebarProps) {
  const toggleLabel = collapsed ? texts.expandSidebar : texts.collapseSidebar;
  const ToggleIcon = collapsed ? PanelExpandIcon : PanelCollapseIcon;

  return (
    <nav
      aria-label={texts.navLabel}
      data-collapsed={collapsed}
      {...dataAttributes}
      className={cn(
        'sticky top-0 flex h-dvh shrink-0 flex-col border-r transition-[width] duration-200 motion-reduce:transition-none',
        className,
        collapsed ? 'w-18' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center border-b', collapsed ? 'justify-center' : 'px-5')}>
        <Logo compact={collapsed} />
      </div>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4">
        {/* The open width fixed, so that labels do not re-wrap while the sidebar grows; it clips them meanwhile. */}
        <div className={collapsed ? undefined : 'w-58'}>{children}</div>
      </div>
      <div className={cn('shrink-0 border-t p-3', collapsed && 'flex justify-center')}>
        <button
          type="button"
          onClick={() => onCollapsedChange(!collapsed)}
          aria-label={collapsed ? toggleLabel : undefined}
          title={collapsed ? toggleLabel : undefined}
          className={cn(
            'flex h-10 items-center gap-3 rounded-md text-sm font-medium text-muted-foreground outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            collapsed ? 'w-10 justify-center' : 'w-full px-3',
          )}
        >
          <ToggleIcon />
          {collapsed ? null : <span className="truncate">{toggleLabel}</span>}
        </button>
      </div>
    </nav>
  );
}
