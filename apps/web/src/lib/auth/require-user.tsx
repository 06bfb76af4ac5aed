import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths } from '@/config/paths';

import { GuardStatus } from './guard-status';
import { fromState } from './redirect';
import { useAuth } from './use-auth';

/**
 * Layout route for every /user page (spec 001 §2.1): signed-out visitors go to /sign-in and come back afterwards. A
 * person whose account owner asks for two-factor sign-in goes to set it up first (the server refuses their other calls
 * until then), and also comes back afterwards.
 */
export function RequireUser() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <GuardStatus>{t('guards.verifyingAccess')}</GuardStatus>;
  if (!user) return <Navigate to={paths.signIn.getHref()} replace state={fromState(location)} />;
  // A password weaker than the account now asks comes first (decision 109); then two-factor set-up.
  if (user.passwordChangeRequired) return <Navigate to={paths.changePassword.getHref()} replace state={fromState(location)} />;
  if (user.twoFactorSetupRequired) return <Navigate to={paths.twoFactorSetup.getHref()} replace state={fromState(location)} />;
  return <Outlet />;
}
