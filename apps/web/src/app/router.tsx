import { lazy } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';

// One chunk per page, so pages added later stay out of the landing bundle.
const HomeRoute = lazy(() => import('./routes/home'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

function RootError() {
  return (
    <AppShell>
      <RouteError />
    </AppShell>
  );
}

export const router = createBrowserRouter([
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: RootError,
    children: [
      { index: true, Component: HomeRoute },
      { path: '*', Component: NotFoundRoute },
    ],
  },
]);
