import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

import { useAdminSession } from './api/get-admin-session';
import { GuardStatus } from './guard-status';
import { fromState } from './redirect';
import { useAuth } from './use-auth';

/**
 * Layout route for every /admin page but the login (spec 001 §2.1). The server decides (DESIGN.md): GET
 * /api/admin/session answers 401 when signed out or the back-office access has lapsed, 403 to a non-admin; either way
 * the admin login page follows, which remembers where the person was going.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const location = useLocation();
  const adminSession = useAdminSession(user?.id ?? null, !loading);

  if (loading || adminSession.isPending) return <GuardStatus>{t('guards.checkingAuth')}</GuardStatus>;
  // A password weaker than the rules now ask is changed first, for the back office too (decision 109).
  if (user?.passwordChangeRequired) return <Navigate to={paths.changePassword.getHref()} replace state={fromState(location)} />;
  const { error } = adminSession;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return <Navigate to={paths.admin.login.getHref()} replace state={fromState(location)} />;
  }
  if (error) {
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <p>{error instanceof ApiError ? error.message : t('guards.checkFailed')}</p>
        <Button type="button" variant="outline" onClick={() => void adminSession.refetch()}>
          {t('guards.retry')}
        </Button>
      </div>
    );
  }
  return <Outlet />;
}
