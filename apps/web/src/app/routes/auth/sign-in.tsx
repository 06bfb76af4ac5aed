import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { paths } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SsoFailureNotice, SsoSignInOffer } from '@/features/sso/components/sso-sign-in-offer';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignInRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  useDocumentTitle(t('signIn.title'));

  return (
    <AuthLayout
      title={t('signIn.title')}
      description={t('signIn.description')}
      footer={
        <>
          {t('signIn.noAccount')} {/* The remembered page travels along, so signing up instead still ends there. */}
          <Link to={paths.signUp.getHref()} state={location.state} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('signIn.signUpLink')}
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <SsoFailureNotice />
        <SignInForm ssoOffer={(identifier) => <SsoSignInOffer identifier={identifier} />} />
      </div>
    </AuthLayout>
  );
}
