import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { EmailToFaxSettings } from '@/features/email-to-fax/components/email-to-fax-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /user/email-to-fax: how to fax by e-mail, and who may do it for the account and how strictly they are checked, for
 * its owner and sub-admins.
 */
export default function EmailToFaxRoute() {
  const { t } = useTranslation('email-to-fax');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <ForRolesThatMay permission="manageEmailToFax" checking={t('checkingRole')} notAllowed={t('notAllowed')}>
        <EmailToFaxSettings />
      </ForRolesThatMay>
    </UserPage>
  );
}
