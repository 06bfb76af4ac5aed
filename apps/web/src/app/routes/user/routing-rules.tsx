import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { RoutingRulesManager } from '@/features/routing/components/routing-rules-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/routing-rules: the rules, in order, that place the account's received faxes; owner and sub-admins. */
export default function RoutingRulesRoute() {
  // The classes' names are the fax details' own (faxes namespace): loaded with the page, not later under a rule.
  const { t } = useTranslation(['routing', 'faxes']);
  useDocumentTitle(t('rules.title'));

  return (
    <UserPage title={t('rules.title')} intro={t('rules.intro')}>
      <ForRolesThatMay permission="manageInboxes" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <RoutingRulesManager />
      </ForRolesThatMay>
    </UserPage>
  );
}
