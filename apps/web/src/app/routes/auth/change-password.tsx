import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { GuardStatus } from '@/lib/auth/guard-status';
import { fromState, redirectTarget } from '@/lib/auth/redirect';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /change-password (decision 109): a person who signed in with a password weaker than their account now asks chooses
 * another here before anything else (the server refuses their other calls), then goes on to the page they wanted.
 */
export default function ChangePasswordRoute() {
  const { t } = useTranslation(['sessions', 'common']);
  useDocumentTitle(t('changePassword.title'));
  const { user, loading, signOut } = useAuth();
  const location = useLocation();
  const [started, setStarted] = useState(false);
  if (user?.passwordChangeRequired && !started) setStarted(true);

  const next = redirectTarget(location.state, location.search, paths.user.dashboard.getHref());
  if (loading) return <GuardStatus>{t('common:guards.verifyingAccess')}</GuardStatus>;
  if (!user) return <Navigate to={paths.signIn.getHref()} replace state={fromState(location)} />;
  // Changed (the session says so once refreshed), or never asked: on to the page the person was heading for.
  if (!user.passwordChangeRequired) return <Navigate to={next} replace />;

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col px-4 py-10 sm:py-16">
      <div className="flex flex-col gap-6 rounded-lg border bg-background p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('changePassword.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('changePassword.description')}</p>
        </div>
        <ChangePasswordForm email={user.email} />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('changePassword.notNow')}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => void signOut()}>
          {t('changePassword.signOut')}
        </Button>
      </p>
    </section>
  );
}
