import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
// From react-router/dom: its RouterProvider wires flushSync, which the sign-out navigation relies on.
import { RouterProvider } from 'react-router/dom';

import { i18n } from '@/lib/i18n';
import { LanguageProvider } from '@/lib/language-provider';

import { router } from './router';

// Loaded just after the first render: no toast is needed before then, and sonner is a tenth of the first-load bundle.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function App() {
  // Created once per app mount rather than at module level, so tests can mount fresh apps.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>
  );
}
