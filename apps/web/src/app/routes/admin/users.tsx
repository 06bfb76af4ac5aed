import { useTranslation } from 'react-i18next';

import { UserManagement } from '@/features/admin-users/components/user-management';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/users (spec 001 §2.11): everyone who can sign in, with search, sorting, paging, add, edit and delete. */
export default function AdminUsersRoute() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('users.title'));
  const { user } = useAuth();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('users.title')}</h1>
        <p className="text-muted-foreground">{t('users.intro')}</p>
      </div>
      {/* The admin guard above renders this page only for a signed-in admin. */}
      {user ? <UserManagement currentUserId={user.id} /> : null}
    </div>
  );
}
