import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { AuthLayout } from '@/components/layouts/site/auth-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SignInLinkLanding } from '@/features/auth/components/sign-in-link-landing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

/** The page an e-mailed sign-in link opens (/sign-in/link?token=...). */
export default function SignInLinkRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signInLink.title'));
  const [searchParams] = useSearchState();
  const token = searchParams.get('token');

  return (
    <AuthLayout title={t('signInLink.title')} description={token ? t('signInLink.description') : undefined}>
      {token ? (
        <SignInLinkLanding token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm">
            {t('signInLink.missingToken')}
          </p>
          <Button asChild>
            <Link to={paths.signIn.getHref()}>{t('signInLink.toSignIn')}</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
