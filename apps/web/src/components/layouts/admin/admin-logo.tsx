import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The back office's logo, a link to its dashboard. `compact` shows the mark only (the collapsed sidebar). */
export function AdminLogo({ compact = false, onClick }: { compact?: boolean; onClick?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Link
      to={paths.admin.dashboard.getHref()}
      onClick={onClick}
      aria-label={t('layout.homeLink')}
      className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-primary outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {compact ? null : (
        <span className="flex items-baseline gap-1.5 whitespace-nowrap">
          {t('layout.brand')}
          <span className="rounded-sm bg-[var(--admin-secondary)] px-1.5 py-0.5 text-[0.6875rem] leading-none font-semibold tracking-wide text-white uppercase">
            {t('layout.badge')}
          </span>
        </span>
      )}
    </Link>
  );
}
