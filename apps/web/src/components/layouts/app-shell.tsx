import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { AccountControl } from './account-control';
import { LanguagePicker } from './language-picker';

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        {t('skipToMain')}
      </a>
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
          <Link
            to={paths.home.getHref()}
            className="flex shrink-0 items-center gap-2 rounded-md text-xl font-bold text-primary outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {/* On narrow phones the name gives way to the account control; screen readers still hear it. */}
            <span className="max-sm:sr-only">{t('appName')}</span>
          </Link>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <LanguagePicker />
            <AccountControl />
          </div>
        </div>
      </header>
      {/* tabIndex lets the skip link move keyboard focus here, not only scroll. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
        <Suspense
          fallback={
            <p role="status" className="sr-only">
              {t('loading')}
            </p>
          }
        >
          {children}
        </Suspense>
      </main>
      <footer className="border-t bg-muted">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </footer>
    </div>
  );
}
