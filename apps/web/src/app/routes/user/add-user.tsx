import { useTranslation } from 'react-i18next';

import { AboutMembers } from '@/features/members/components/about-members';
import { MemberAdministration } from '@/features/members/components/member-administration';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/add-user (spec 001 §2.8): add a sub-user, and manage the account's users. */
export default function AddUserRoute() {
  const { t } = useTranslation('members');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      <AboutMembers />
      <MemberAdministration />
    </section>
  );
}
