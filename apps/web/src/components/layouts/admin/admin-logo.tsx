import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { usePlatformStatus } from '@/lib/platform/use-platform-info';

/**
 * The back office's logo, a link to its dashboard: the logo set in the settings (adminLogoUrl, decision 117), which
 * carries its own name, else Faxline's mark and name. `compact` shows the mark only (the collapsed sidebar).
 */
export function AdminLogo({ compact = false, onClick }: { compact?: boolean; onClick?: () => void }) {
  const { t } = useTranslation('admin');
  const logo = usePlatformStatus().data?.adminLogoUrl;
  const badge = (
    <span className="rounded-sm bg-[var(--admin-secondary)] px-1.5 py-0.5 text-[0.6875rem] leading-none font-semibold tracking-wide text-white uppercase">
      {t('layout.badge')}
    </span>
  );
  return (
    <Link
      to={paths.admin.dashboard.getHref()}
      onClick={onClick}
      aria-label={t('layout.homeLink')}
      className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-primary outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      {logo ? (
        <>
          {/* The link's label names it; the image is the organisation's own mark. */}
          <img src={logo} alt="" data-admin-logo className={compact ? 'h-7 w-7 object-contain' : 'h-7 w-auto max-w-36 object-contain'} />
          {compact ? null : badge}
        </>
      ) : (
        <>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {compact ? null : (
            <span className="flex items-baseline gap-1.5 whitespace-nowrap">
              {t('layout.brand')}
              {badge}
            </span>
          )}
        </>
      )}
    </Link>
  );
}
