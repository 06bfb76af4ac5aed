import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

const LINKS = [
  { key: 'users', href: paths.admin.users.getHref() },
  { key: 'plans', href: paths.admin.plans.getHref() },
  { key: 'settings', href: paths.admin.settings.getHref() },
  { key: 'analytics', href: paths.admin.analytics.getHref() },
  { key: 'supportTickets', href: paths.admin.supportTickets.getHref() },
  { key: 'content', href: paths.admin.content.getHref() },
] as const;

/** The dashboard's shortcuts (spec 001 §2.11): users, plans, settings, analytics, support tickets, content. */
export function DashboardLinks() {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="admin-links-heading" className="flex flex-col gap-3">
      <h2 id="admin-links-heading" className="text-lg font-semibold">
        {t('dashboard.linksHeading')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {LINKS.map(({ key, href }) => (
          <li key={key}>
            <Link
              to={href}
              className="flex h-full flex-col gap-1 rounded-lg border bg-background p-5 shadow-sm outline-hidden transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-semibold text-primary">{t(`dashboard.links.${key}.title`)}</span>
              <span className="text-sm text-muted-foreground">{t(`dashboard.links.${key}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
