import { useTranslation } from 'react-i18next';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { AdminLoginForm } from '@/features/admin-access/components/admin-login-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/login (spec 001 §2.9), public. */
export default function AdminLoginRoute() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('adminLogin.title'));
  const { user, loading } = useAuth();

  return (
    <AuthLayout
      title={t('adminLogin.title')}
      description={
        loading ? undefined : user ? t('adminLogin.descriptionSignedIn', { email: user.email }) : t('adminLogin.descriptionSignedOut')
      }
    >
      {loading ? (
        <p role="status" className="text-muted-foreground">
          {t('common:loading')}
        </p>
      ) : (
        // Keyed by person, so signing in or out elsewhere swaps the form (one field or two) cleanly.
        <AdminLoginForm key={user?.id ?? 'signed-out'} user={user} />
      )}
    </AuthLayout>
  );
}
