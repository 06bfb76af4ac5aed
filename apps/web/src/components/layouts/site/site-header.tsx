import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useMediaQuery } from '@/lib/use-media-query';

import { LanguagePicker } from '../language-picker';
import { MainMenu } from './main-menu';
import { ProductsTrigger } from './products-trigger';
import { SiteLogo } from './site-logo';
import { useDrawerToggle } from '../use-drawer-toggle';

// Menus that nobody needs for the first paint load just after it (Radix) or on first use (the mobile menu). The
// account control shows nothing until the server says who is signed in, so its code loads meanwhile: it brings the
// shared button styles (tailwind-merge), a tenth of what the first paint would otherwise wait for.
const AccountControl = lazy(() => import('./account-control').then((module) => ({ default: module.AccountControl })));
const ProductsMenu = lazy(() => import('./products-menu'));
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

/** Spec 000 §9: the header's mobile layout applies below 1024 px. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

type THeaderProps = { navigationBox?: ReactNode };

/** The site header (spec 000 §2): one layout for desktop, one for phones and tablets. */
export function SiteHeader({ navigationBox }: THeaderProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <header className="border-b bg-background">
      {/* The mobile header (and with it an open mobile menu) unmounts as the window grows to desktop width. */}
      {isDesktop ? <DesktopHeader navigationBox={navigationBox} /> : <MobileHeader navigationBox={navigationBox} />}
    </header>
  );
}

function DesktopHeader({ navigationBox }: THeaderProps) {
  return (
    <>
      <div className="border-b bg-muted">
        <div className="mx-auto flex h-12 max-w-6xl items-center justify-between gap-4 px-4">
          <Suspense fallback={<ProductsTrigger disabled />}>
            <ProductsMenu />
          </Suspense>
          <div className="flex items-center gap-3">
            {navigationBox}
            <LanguagePicker />
          </div>
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <SiteLogo />
        <MainMenu orientation="horizontal" />
        <div className="ml-auto flex min-w-0 items-center">
          <Suspense fallback={null}>
            <AccountControl />
          </Suspense>
        </div>
      </div>
    </>
  );
}

function MobileHeader({ navigationBox }: THeaderProps) {
  const { t } = useTranslation();
  // Spec 000 §2: every route change closes the menu.
  const { drawerId: menuId, open, close, toggleProps } = useDrawerToggle();

  return (
    <div className="flex h-16 items-center gap-2 px-3 sm:px-4">
      <SiteLogo compact />
      <div className="ml-auto flex min-w-0 items-center gap-2">
        <Suspense fallback={null}>
          <AccountControl />
        </Suspense>
        <button
          {...toggleProps}
          aria-label={t('header.openMenu')}
          // Fetch the menu's code as soon as someone is about to use it.
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          className="grid size-10 shrink-0 place-items-center rounded-md border border-input outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} onClose={close} navigationBox={navigationBox} />
        </Suspense>
      ) : null}
    </div>
  );
}
