import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ResendConfirmationButton } from '@/features/auth/components/resend-confirmation-button';
import { useAuth } from '@/lib/auth/use-auth';
import { firstName } from '@/lib/auth/user-names';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/dashboard (spec 001 §2.3), first version: greeting, account status and a way to the profile. */
export default function UserDashboardRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('dashboard.title'));
  const { user } = useAuth();
  // RequireUser renders this page only for a signed-in person.
  if (!user) return null;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">
          {t('dashboard.welcome', { name: firstName(user.name) ?? t('dashboard.fallbackName') })}
        </h1>
        <p className="text-muted-foreground">{t('dashboard.description')}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="account-status-heading" className="flex flex-col gap-3 rounded-lg border p-6">
          <h2 id="account-status-heading" className="text-xl font-semibold">
            {t('dashboard.statusTitle')}
          </h2>
          <p>{t('dashboard.active')}</p>
          <p>
            <span className="font-medium">{t('dashboard.emailVerified')}</span>{' '}
            {user.emailVerified ? t('dashboard.yes') : t('dashboard.no')}
          </p>
          {user.emailVerified ? null : <ResendConfirmationButton email={user.email} />}
          <p className="text-sm text-muted-foreground">
            {t('dashboard.helpPrefix')}{' '}
            <Link to={paths.support.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('dashboard.helpLink')}
            </Link>
          </p>
        </section>
        <Link
          to={paths.user.profile.getHref()}
          className="flex flex-col gap-2 rounded-lg border p-6 outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <span className="text-xl font-semibold">{t('dashboard.manageProfile')}</span>
          <span className="text-sm text-muted-foreground">{t('dashboard.manageProfileDescription')}</span>
        </Link>
      </div>
    </section>
  );
}
