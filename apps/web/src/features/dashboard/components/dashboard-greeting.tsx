import { useTranslation } from 'react-i18next';

import { firstName } from '@/lib/auth/user-names';

/** The page's heading: the person greeted by first name, 'User' when there is none (spec 001 §2.3). */
export function DashboardGreeting({ name }: { name: string | null | undefined }) {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">
        {t('dashboard.welcome', { name: firstName(name) ?? t('dashboard.fallbackName') })}
      </h1>
      <p className="text-muted-foreground">{t('dashboard.description')}</p>
    </div>
  );
}
