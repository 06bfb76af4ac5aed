import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useVerifySignInLink } from '../api/verify-sign-in-link';

/**
 * Where an e-mailed sign-in link lands (decision 069). The link is spent by a click, not on opening: a mail scanner
 * that fetches the page spends nothing (and, lacking this browser's cookie, could not).
 */
export function SignInLinkLanding({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const verify = useVerifySignInLink();
  const [outcome, setOutcome] = useState<{ kind: 'refused'; message: string } | { kind: 'browserKnown' } | null>(null);

  const signIn = async () => {
    try {
      const { session } = await verify.mutateAsync({ token });
      if (!session) return setOutcome({ kind: 'browserKnown' });
      toast({ title: t('signIn.successTitle'), description: t('signIn.successDescription', { email: session.user.email }) });
      const next = session.user.twoFactorSetupRequired ? paths.twoFactorSetup.getHref() : paths.home.getHref();
      await navigate(next, { replace: true });
    } catch (error) {
      setOutcome({ kind: 'refused', message: error instanceof ApiError ? error.message : t('errors:api.unknown') });
    }
  };

  if (outcome) {
    return (
      <div className="flex flex-col gap-4">
        <p
          role={outcome.kind === 'refused' ? 'alert' : 'status'}
          className="rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground"
        >
          {outcome.kind === 'refused' ? outcome.message : t('signInLink.browserKnown')}
        </p>
        <Button asChild variant={outcome.kind === 'refused' ? 'outline' : 'default'}>
          <Link to={paths.signIn.getHref()}>{t('signInLink.toSignIn')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Button type="button" onClick={() => void signIn()} disabled={verify.isPending}>
      {verify.isPending ? t('signIn.submitting') : t('signInLink.submit')}
    </Button>
  );
}
