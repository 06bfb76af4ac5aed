import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { AboutWebhooks } from '@/features/webhooks/components/about-webhooks';
import { WebhooksManager } from '@/features/webhooks/components/webhooks-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/webhooks: the account's webhook endpoints, for its owner and sub-admins. */
export default function WebhooksRoute() {
  const { t } = useTranslation('webhooks');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <AboutWebhooks />
      <ForRolesThatMay permission="manageWebhooks" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <WebhooksManager />
      </ForRolesThatMay>
    </UserPage>
  );
}
