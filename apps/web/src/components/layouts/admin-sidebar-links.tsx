import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { cn } from '@/lib/utils';

import { ADMIN_NAV } from './admin-nav';
import { useSideTooltip } from './use-side-tooltip';

const itemClass =
  'flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring';
// The theme's primary colour (a CSS variable), so a colour chosen in the settings applies here too.
const activeClass = 'bg-primary text-primary-foreground hover:bg-primary-hover hover:text-primary-foreground';

type TAdminSidebarLinksProps = {
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed?: boolean;
  /** Called on a click on any link, so that the slide-over can close. */
  onNavigate?: () => void;
};

/** The back office's entries (spec 001 §2.10), for the desktop sidebar and the phone slide-over. */
export function AdminSidebarLinks({ collapsed = false, onNavigate }: TAdminSidebarLinksProps) {
  const { t } = useTranslation('admin');
  const { tooltipProps, tooltip } = useSideTooltip(collapsed);
  return (
    <>
      <ul className="flex flex-col gap-1">
        {ADMIN_NAV.map(({ section, href, Icon }) => {
          const label = t(`nav.${section}`);
          return (
            <li key={section}>
              <NavLink
                to={href}
                onClick={onNavigate}
                className={({ isActive }) => cn(itemClass, isActive && activeClass, collapsed && 'justify-center px-0')}
                {...tooltipProps(label)}
              >
                <Icon />
                <span className={collapsed ? 'sr-only' : 'min-w-0 truncate'}>{label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {tooltip}
    </>
  );
}
