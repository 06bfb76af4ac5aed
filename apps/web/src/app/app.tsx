import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';

import { i18n } from '@/lib/i18n';
import { LanguageProvider } from '@/lib/language-provider';
import { SiteFavicon } from '@/lib/platform/site-favicon';

import { router } from './router';

/** react-dom's flushSync in the shape the router asks for. */
const flushNavigation = (update: () => unknown): undefined => {
  flushSync(update);
};

// Loaded just after the first render: no toast is needed before then, and sonner is a tenth of the first-load bundle.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
// "A new version is available": on every page, loaded after the first render like the toasts.
const UpdateBanner = lazy(() =>
  import('@/features/installed-app/components/update-banner').then((module) => ({ default: module.UpdateBanner })),
);

export function App() {
  // Created once per app mount rather than at module level, so tests can mount fresh apps.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          {/* flushSync: the sign-out navigation relies on it. Given here rather than through react-router/dom, whose
              entry would double the router's share of the first download. */}
          <RouterProvider router={router} flushSync={flushNavigation} />
          <SiteFavicon />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <Suspense fallback={null}>
            <UpdateBanner />
          </Suspense>
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>
  );
}
