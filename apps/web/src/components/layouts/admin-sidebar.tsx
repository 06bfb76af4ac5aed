import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { PanelCollapseIcon, PanelExpandIcon } from './admin-icons';
import { AdminLogo } from './admin-logo';
import { AdminSidebarLinks } from './admin-sidebar-links';

type TAdminSidebarProps = { collapsed: boolean; onCollapsedChange: (collapsed: boolean) => void };

/** The desktop sidebar (spec 001 §2.10, §9): 256 px open, 72 px collapsed to icons, the choice remembered. */
export function AdminSidebar({ collapsed, onCollapsedChange }: TAdminSidebarProps) {
  const { t } = useTranslation('admin');
  const toggleLabel = collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar');
  const ToggleIcon = collapsed ? PanelExpandIcon : PanelCollapseIcon;

  return (
    <nav
      aria-label={t('layout.navLabel')}
      data-collapsed={collapsed}
      data-admin-sidebar
      className={cn(
        'sticky top-0 flex h-dvh shrink-0 flex-col border-r bg-background transition-[width] duration-200 motion-reduce:transition-none',
        collapsed ? 'w-18' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center border-b', collapsed ? 'justify-center' : 'px-5')}>
        <AdminLogo compact={collapsed} />
      </div>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4">
        {/* The open width fixed, so that labels do not re-wrap while the sidebar grows; it clips them meanwhile. */}
        <div className={collapsed ? undefined : 'w-58'}>
          <AdminSidebarLinks collapsed={collapsed} />
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
