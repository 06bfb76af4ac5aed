import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EnrolTwoFactorFlow } from '@/features/two-factor/components/enrol-two-factor-flow';
import { GuardStatus } from '@/lib/auth/guard-status';
import { fromState, redirectTarget } from '@/lib/auth/redirect';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /two-factor-setup: a person whose account owner asks for two-factor sign-in sets it up here before anything
 * else (RequireUser and the sign-in form send them here), then goes on to the page they were heading for.
 */
export default function TwoFactorSetupRoute() {
  const { t } = useTranslation(['security', 'common']);
  useDocumentTitle(t('setupPage.title'));
  const { user, loading, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Confirming the code ends the requirement while the backup codes are still to be saved: once shown, the page stays.
  const [started, setStarted] = useState(false);
  if (user?.twoFactorSetupRequired && !started) setStarted(true);

  const next = redirectTarget(location.state, location.search, paths.user.dashboard.getHref());
  if (loading) return <GuardStatus>{t('common:guards.verifyingAccess')}</GuardStatus>;
  if (!user) return <Navigate to={paths.signIn.getHref()} replace state={fromState(location)} />;
  if (!started && !user.twoFactorSetupRequired) return <Navigate to={next} replace />;

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col px-4 py-10 sm:py-16">
      <div className="flex flex-col gap-6 rounded-lg border bg-background p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('setupPage.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('setupPage.description')}</p>
          <p className="text-sm text-muted-foreground">{t('setupPage.appHint')}</p>
        </div>
        <EnrolTwoFactorFlow headingLevel={2} onDone={() => void navigate(next, { replace: true })} />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('setupPage.notNow')}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => void signOut()}>
          {t('setupPage.signOut')}
        </Button>
      </p>
    </section>
  );
}
