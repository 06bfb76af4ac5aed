import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { BillingManager } from '@/features/billing/components/billing-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/billing: the account's plan, this month's pages and a new plan to pay for, for its owner and Billing contacts. */
export default function BillingRoute() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <ForRolesThatMay permission="manageBilling" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <BillingManager />
      </ForRolesThatMay>
    </UserPage>
  );
}
