import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What everyone but platform admins sees while the back office has maintenance mode on. */
export function MaintenancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenance.title'));

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t('maintenance.title')}</h1>
      <p className="text-muted-foreground">{t('maintenance.description')}</p>
      <p className="text-sm text-muted-foreground">
        {t('maintenance.adminsPrefix')}{' '}
        <Link to={paths.admin.login.getHref()} className="font-medium text-primary underline underline-offset-4">
          {t('maintenance.adminsLink')}
        </Link>
      </p>
    </main>
  );
}
