import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { PanelCollapseIcon, PanelExpandIcon } from './user-area-icons';
import { UserLogo } from './user-logo';
import type { TMemberRole } from './user-nav';
import { UserSidebarLinks } from './user-sidebar-links';

type TUserSidebarProps = {
  role: TMemberRole | undefined;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
};

/** The desktop sidebar (spec 001 §2.2, §9): 256 px open, 72 px collapsed to icons; the page beside it follows. */
export function UserSidebar({ role, collapsed, onCollapsedChange }: TUserSidebarProps) {
  const { t } = useTranslation('user');
  const toggleLabel = collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar');
  const ToggleIcon = collapsed ? PanelExpandIcon : PanelCollapseIcon;

  return (
    <nav
      aria-label={t('nav.label')}
      data-collapsed={collapsed}
      className={cn(
        'sticky top-0 flex h-dvh shrink-0 flex-col border-r bg-muted/40 transition-[width] duration-200 motion-reduce:transition-none',
        collapsed ? 'w-18' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center border-b', collapsed ? 'justify-center' : 'px-5')}>
        <UserLogo compact={collapsed} />
      </div>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4">
        {/* The open width fixed, so that labels do not re-wrap while the sidebar grows; it clips them meanwhile. */}
        <div className={collapsed ? undefined : 'w-58'}>
          <UserSidebarLinks role={role} collapsed={collapsed} />
        </div>
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
