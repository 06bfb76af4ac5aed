import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/** The page the password-reset e-mail links to (/reset-password?token=...). */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('resetPassword.title'));
  const [searchParams] = useSearchState();
  const token = searchParams.get('token');
  const { emit } = useAuth();

  // Spec 000 §4: opening a recovery link is an auth event. Once per page, StrictMode's second effect run included.
  const announced = useRef(false);
  useEffect(() => {
    if (!token || announced.current) return;
    announced.current = true;
    emit('PASSWORD_RECOVERY');
  }, [token, emit]);

  return (
    <AuthLayout title={t('resetPassword.title')} description={token ? t('resetPassword.description') : undefined}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm">
            {t('resetPassword.missingToken')}
          </p>
          <Button asChild>
            <Link to={paths.forgotPassword.getHref()}>{t('resetPassword.requestNewLink')}</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
