import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The logo of the user area, a link to the dashboard (spec 001 §2.2). `compact` shows the mark only. */
export function UserLogo({ compact = false, onClick }: { compact?: boolean; onClick?: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  return (
    <Link
      to={paths.user.dashboard.getHref()}
      onClick={onClick}
      aria-label={t('layout.logoLink')}
      className="flex shrink-0 items-center gap-2 rounded-md text-xl font-bold text-primary outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {compact ? null : <span>{t('common:appName')}</span>}
    </Link>
  );
}
