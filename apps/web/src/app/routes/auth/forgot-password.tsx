import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgotPassword.title'));

  return (
    <AuthLayout
      title={t('forgotPassword.title')}
      description={t('forgotPassword.description')}
      footer={
        <Link to={paths.signIn.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('forgotPassword.backToSignIn')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
