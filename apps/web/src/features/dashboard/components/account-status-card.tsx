import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { DashboardCard } from './dashboard-card';

type TAccountStatusCardProps = {
  emailVerified: boolean;
  /** The 'Resend confirmation e-mail' button (from the auth feature), shown while the address is unconfirmed. */
  resendButton: ReactNode;
};

/** Spec 001 §2.3: the account is active, whether the e-mail address is verified, and the way to the support centre. */
export function AccountStatusCard({ emailVerified, resendButton }: TAccountStatusCardProps) {
  const { t } = useTranslation('user');
  return (
    <DashboardCard title={t('dashboard.status.title')}>
      <p>{t('dashboard.status.active')}</p>
      <p>
        <span className="font-medium">{t('dashboard.status.emailVerified')}</span>{' '}
        {emailVerified ? t('dashboard.status.yes') : t('dashboard.status.no')}
      </p>
      {emailVerified ? null : resendButton}
      <p className="text-sm text-muted-foreground">
        {t('dashboard.status.helpPrefix')}{' '}
        <Link to={paths.support.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('dashboard.status.helpLink')}
        </Link>
      </p>
    </DashboardCard>
  );
}
