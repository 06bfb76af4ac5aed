import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useEndAdminAccess } from '../api/end-admin-access';

/** 'Logout' (spec 001 §2.11): ends the back-office access and goes to the admin login; the person stays signed in. */
export function AdminLogoutButton() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const endAccess = useEndAdminAccess();

  const logout = async () => {
    try {
      await endAccess.mutateAsync();
    } catch (error) {
      // Signed out meanwhile (401): the access is gone with the session, which is what was asked.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast({
          title: t('adminDashboard.logoutFailedTitle'),
          description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
          variant: 'destructive',
        });
        return;
      }
    }
    await navigate(paths.admin.login.getHref(), { replace: true });
  };

  return (
    <Button type="button" variant="outline" disabled={endAccess.isPending} onClick={() => void logout()}>
      {endAccess.isPending ? t('adminDashboard.loggingOut') : t('adminDashboard.logout')}
    </Button>
  );
}
