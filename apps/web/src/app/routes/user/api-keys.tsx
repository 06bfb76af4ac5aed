import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { AboutApiKeys } from '@/features/api-keys/components/about-api-keys';
import { ApiKeysManager } from '@/features/api-keys/components/api-keys-manager';
import { ConnectedApps } from '@/features/agents/components/connected-apps';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/api-keys: the account's keys for the public API and its connected apps (OAuth), for its owner and sub-admins. */
export default function ApiKeysRoute() {
  const { t } = useTranslation('api-keys');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <AboutApiKeys />
      <ForRolesThatMay permission="manageApiKeys" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <ApiKeysManager />
        <ConnectedApps />
      </ForRolesThatMay>
    </UserPage>
  );
}
