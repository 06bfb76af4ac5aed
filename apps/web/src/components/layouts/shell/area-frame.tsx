import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

import { GuardStatus } from '@/lib/auth/guard-status';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePersistedFlag } from '@/lib/use-persisted-flag';
import { cn } from '@/lib/utils';

import type { TAreaLinks, TAreaLogo, TAreaTexts } from './area-config';
import { AreaHeader } from './area-header';
import { AreaSidebar } from './area-sidebar';

/** Spec 001 §9 (and §2.10 for the back office): below 768 px an area's sidebar is a drawer. */
export const AREA_DESKTOP_QUERY = '(min-width: 768px)';

/** Around an area: its texts load inside, with the common 'Loading…' meanwhile; scroll positions are restored. */
export function AreaLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<GuardStatus>{t('loading')}</GuardStatus>}>{children}</Suspense>
      <ScrollRestoration />
    </>
  );
}

type TAreaFrameProps = {
  texts: TAreaTexts;
  Logo: TAreaLogo;
  links: TAreaLinks;
  /** Where the collapsed sidebar is remembered: each area its own key, so one area's choice leaves the other's. */
  collapsedKey: string;
  /** The page's background. */
  className?: string;
  sidebarClassName: string;
  sidebarAttributes?: Record<`data-${string}`, boolean>;
  drawerWidthClassName: string;
  /** The header's title: the page's or section's name. */
  title: string;
  /** The header's end: notifications and the avatar menu. */
  actions: ReactNode;
  /** What every page of the area starts with (the user area: a failed payment's banner). */
  banner?: ReactNode;
};

/**
 * The frame of the user area and the back office: a skip link, a collapsible sidebar beside the page on desktop (a
 * drawer on phones), the header, and the page, which loads inside it while the frame stays.
 */
export function AreaFrame({
  texts,
  Logo,
  links,
  collapsedKey,
  className,
  sidebarClassName,
  sidebarAttributes,
  drawerWidthClassName,
  title,
  actions,
  banner,
}: TAreaFrameProps) {
  const { t } = useTranslation('common');
  const isDesktop = useMediaQuery(AREA_DESKTOP_QUERY);
  const [collapsed, setCollapsed] = usePersistedFlag(collapsedKey);

  return (
    <div className={cn('flex min-h-dvh', className)}>
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        {t('skipToMain')}
      </a>
      {isDesktop ? (
        <AreaSidebar
          texts={texts}
          Logo={Logo}
          className={sidebarClassName}
          dataAttributes={sidebarAttributes}
          collapsed={collapsed}
          onCollapsedChange={setCollapsed}
        >
          {links({ collapsed })}
        </AreaSidebar>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <AreaHeader
          isDesktop={isDesktop}
          texts={texts}
          Logo={Logo}
          links={links}
          drawerWidthClassName={drawerWidthClassName}
          title={title}
          actions={actions}
        />
        {/* tabIndex lets the skip link move keyboard focus here, not only scroll. */}
        <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
          {banner}
          <Suspense
            fallback={
              <p role="status" className="sr-only">
                {t('loading')}
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
