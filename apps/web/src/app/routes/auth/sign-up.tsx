import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { paths } from '@/config/paths';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignUpRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  useDocumentTitle(t('signUp.title'));

  return (
    <AuthLayout
      title={t('signUp.title')}
      description={t('signUp.description')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to={paths.signIn.getHref()} state={location.state} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('signUp.signInLink')}
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
