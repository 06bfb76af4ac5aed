import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { AccountTrigger } from './account-trigger';

// The menu (Radix) loads only for people who are signed in, keeping it out of every visitor's first download.
const AccountMenu = lazy(() => import('./account-menu'));

/** Header account control (spec 000 §2): Sign In and Sign Up when signed out, an account menu when signed in. */
export function AccountControl() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();

  if (loading) return null;
  if (!user) {
    return (
      <nav aria-label={t('account.navLabel')} className="flex items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.signIn.getHref()}>{t('account.signIn')}</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={paths.signUp.getHref()}>{t('account.signUp')}</Link>
        </Button>
      </nav>
    );
  }
  return (
    // Until the menu has loaded, the same button stands in (disabled), so the header does not jump.
    <Suspense fallback={<AccountTrigger user={user} disabled />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
