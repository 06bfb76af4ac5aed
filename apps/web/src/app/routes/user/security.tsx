import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { UserPage } from '@/components/layouts/user/user-page';
import { MemberDevices } from '@/features/sessions/components/member-devices';
import { MyDevices } from '@/features/sessions/components/my-devices';
import { SecurityPolicyCard } from '@/features/sessions/components/security-policy-card';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /user/security (decision 109): everyone's own signed-in devices and the account's password and sign-in rules; the
 * owner and sub-admins also see and end the devices of the members they manage.
 */
export default function SecurityRoute() {
  const { t } = useTranslation('sessions');
  useDocumentTitle(t('title'));
  const account = useAccountSummary();
  const managesMembers = account.data ? roleMay(account.data.role, 'manageMembers') : false;

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <MyDevices />
      {managesMembers ? <MemberDevices /> : null}
      <SecurityPolicyCard />
      {/* DB-IP's licence (CC BY 4.0) asks for this credit on the pages that show its countries. */}
      <p className="text-xs text-muted-foreground">
        {t('devices.countriesBy')}{' '}
        <a className="underline underline-offset-2" href="https://db-ip.com" rel="noopener">
          {t('devices.countriesByLink')}
        </a>
      </p>
    </UserPage>
  );
}
