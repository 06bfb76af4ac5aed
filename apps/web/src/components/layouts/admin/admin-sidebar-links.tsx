import { useTranslation } from 'react-i18next';

import { SidebarLinks } from '../shell/sidebar-links';
import { useSideTooltip } from '../shell/use-side-tooltip';

import { ADMIN_NAV } from './admin-nav';

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
  const items = ADMIN_NAV.map(({ section, href, Icon }) => ({ key: section, href, label: t(`nav.${section}`), Icon }));
  return (
    <>
      <SidebarLinks
        items={items}
        collapsed={collapsed}
        tooltipProps={tooltipProps}
        activeClassName={activeClass}
        labelClassName="min-w-0 truncate"
        onNavigate={onNavigate}
      />
      {tooltip}
    </>
  );
}
