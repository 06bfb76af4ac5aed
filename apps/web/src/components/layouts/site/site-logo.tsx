import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The logo, a link to the home page. `onClick` lets the mobile menu close itself. */
export function SiteLogo({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onClick}
      aria-label={t('header.homeLink')}
      className="flex shrink-0 items-center gap-2 rounded-md text-xl font-bold text-primary outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {/* On narrow phones the name gives way to the account control; the link's label still says it. */}
      <span className={compact ? 'max-sm:sr-only' : undefined}>{t('appName')}</span>
    </Link>
  );
}
