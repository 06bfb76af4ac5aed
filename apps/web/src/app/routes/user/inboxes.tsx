import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { InboxesManager } from '@/features/routing/components/inboxes-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/inboxes: the account's shared inboxes, who belongs to each and which numbers land in it; owner and sub-admins. */
export default function InboxesRoute() {
  const { t } = useTranslation('routing');
  useDocumentTitle(t('inboxes.title'));

  return (
    <UserPage title={t('inboxes.title')} intro={t('inboxes.intro')}>
      <p className="rounded-lg bg-accent/40 px-4 py-3 text-sm">{t('inboxes.whoSees')}</p>
      <ForRolesThatMay permission="manageInboxes" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <InboxesManager />
      </ForRolesThatMay>
    </UserPage>
  );
}
