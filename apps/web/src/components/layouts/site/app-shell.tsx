import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AnnouncementBar } from './announcement-bar';
import { CookieBanner } from './cookie-banner';
import { SiteHeader } from './site-header';

// The footer waits with the page anyway (below): its code comes in parallel with the page's, not in the first download
// (the landing page's budget, bench/bundle-size.mjs).
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));

type TAppShellProps = {
  children: ReactNode;
  /**
   * The header's AI navigation box and the floating chat helper (spec 000 §2) come from features/assistant. Shared
   * layout code does not import features (STYLE.md 2), so the app passes them in.
   */
  navigationBox?: ReactNode;
  assistant?: ReactNode;
};

function Main({ children }: { children: ReactNode }) {
  // tabIndex lets the skip link move keyboard focus here, not only scroll.
  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
      {children}
    </main>
  );
}

/** The chrome around every page: announcement bar, header, main content, footer, cookie notice, chat helper. */
export function AppShell({ children, navigationBox, assistant }: TAppShellProps) {
  const { t } = useTranslation();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        {t('skipToMain')}
      </a>
      <AnnouncementBar />
      <SiteHeader navigationBox={navigationBox} />
      {/* The footer waits with the page: painted before a lazy page's code arrived, it would be pushed down the screen
          by it (a layout shift of most of the viewport). */}
      <Suspense
        fallback={
          <Main>
            <p role="status" className="sr-only">
              {t('loading')}
            </p>
          </Main>
        }
      >
        <Main>{children}</Main>
        <SiteFooter />
      </Suspense>
      <CookieBanner />
      {assistant}
    </div>
  );
}
