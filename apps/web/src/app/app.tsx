import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';

import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { LanguageProvider } from '@/lib/language-provider';

import { router } from './router';

export function App() {
  // Created once per app mount rather than at module level, so tests can mount fresh apps.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>
  );
}
