import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { RequireUser } from '@/lib/auth/require-user';

// One chunk per page, so pages added later stay out of the landing bundle.
const HomeRoute = lazy(() => import('./routes/home'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const SignInRoute = lazy(() => import('./routes/auth/sign-in'));
const SignUpRoute = lazy(() => import('./routes/auth/sign-up'));
const ForgotPasswordRoute = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/auth/reset-password'));
const UserDashboardRoute = lazy(() => import('./routes/user/dashboard'));
const ProfileRoute = lazy(() => import('./routes/user/profile'));
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
// The admin guard asks the server (API client, zod), so it loads with the admin pages rather than with the app.
const RequireAdmin = lazy(() => import('@/lib/auth/require-admin').then((module) => ({ default: module.RequireAdmin })));

// Above the layout and its error boundary, so the header keeps knowing who is signed in on an error page too.
function AuthRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

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
    Component: AuthRoot,
    children: [
      {
        path: paths.home.path,
        Component: RootLayout,
        ErrorBoundary: RootError,
        children: [
          { index: true, Component: HomeRoute },
          { path: paths.signIn.path, Component: SignInRoute },
          { path: paths.signUp.path, Component: SignUpRoute },
          { path: paths.forgotPassword.path, Component: ForgotPasswordRoute },
          { path: paths.resetPassword.path, Component: ResetPasswordRoute },
          {
            // Spec 001 §2.1: every /user page needs a signed-in person.
            Component: RequireUser,
            children: [
              { path: '/user', element: <Navigate to={paths.user.dashboard.getHref()} replace /> },
              { path: paths.user.dashboard.path, Component: UserDashboardRoute },
              { path: paths.user.profile.path, Component: ProfileRoute },
              { path: '/user/*', Component: NotFoundRoute },
            ],
          },
          { path: paths.admin.login.path, Component: AdminLoginRoute },
          {
            // Every other /admin page needs a platform admin with current back-office access (server-checked).
            Component: RequireAdmin,
            children: [
              { path: '/admin', element: <Navigate to={paths.admin.dashboard.getHref()} replace /> },
              { path: paths.admin.dashboard.path, Component: AdminDashboardRoute },
              { path: '/admin/*', Component: NotFoundRoute },
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]);
