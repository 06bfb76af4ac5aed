import type { ReactNode } from 'react';

import { LanguagePicker } from '../language-picker';

import type { TAreaLinks, TAreaLogo, TAreaTexts } from './area-config';
import { DrawerToggle, SideDrawer } from './side-drawer';

type TAreaHeaderProps = {
  /** At 768 px and wider the sidebar stands beside the page; below, it is a drawer opened from here. */
  isDesktop: boolean;
  texts: TAreaTexts;
  Logo: TAreaLogo;
  links: TAreaLinks;
  drawerWidthClassName: string;
  title: string;
  actions: ReactNode;
};

/** An area's header (spec 001 §2.2, §2.10): the page's or section's title, the language picker, then `actions`. */
export function AreaHeader({ isDesktop, texts, Logo, links, drawerWidthClassName, title, actions }: TAreaHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4 md:px-6">
      {isDesktop ? null : (
        <DrawerToggle
          label={texts.openNavigation}
          drawer={(id, close) => (
            <SideDrawer
              id={id}
              title={texts.navLabel}
              closeLabel={texts.closeNavigation}
              logo={<Logo onClick={close} />}
              widthClassName={drawerWidthClassName}
              onClose={close}
            >
              {links({ collapsed: false, onNavigate: close })}
            </SideDrawer>
          )}
        />
      )}
      {isDesktop ? null : <Logo compact />}
      {/* The page below has its own h1; this names it again, like the highlighted sidebar entry. */}
      <p className="min-w-0 truncate text-lg font-semibold">{title}</p>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        {isDesktop ? <LanguagePicker /> : null}
        {actions}
      </div>
    </header>
  );
}
