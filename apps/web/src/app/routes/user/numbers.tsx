import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { NumbersManager } from '@/features/account-numbers/components/numbers-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/numbers: the account's fax numbers, added, named and released by its owner (decision 112). */
export default function NumbersRoute() {
  const { t } = useTranslation('account-numbers');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <ForRolesThatMay permission="manageNumbers" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <NumbersManager />
      </ForRolesThatMay>
    </UserPage>
  );
}
