import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { PortingRequests } from '@/features/porting/components/porting-requests';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/porting: the account's requests to port numbers in and a new one, for its owner (decision 113). */
export default function PortingRoute() {
  const { t } = useTranslation('porting');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <ForRolesThatMay permission="signAgreements" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <PortingRequests />
      </ForRolesThatMay>
    </UserPage>
  );
}
