import { useTranslation } from 'react-i18next';

import { UserPage } from '@/components/layouts/user/user-page';
import { AboutMembers } from '@/features/members/components/about-members';
import { MemberAdministration } from '@/features/members/components/member-administration';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/add-user (spec 001 §2.8): add a sub-user, and manage the account's users. */
export default function AddUserRoute() {
  const { t } = useTranslation('members');
  useDocumentTitle(t('title'));

  return (
    <UserPage title={t('title')} intro={t('intro')}>
      <AboutMembers />
      <MemberAdministration />
    </UserPage>
  );
}
