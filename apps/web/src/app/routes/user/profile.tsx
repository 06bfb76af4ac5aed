import { useTranslation } from 'react-i18next';

import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/profile (spec 001 §2.4): personal details and password. */
export default function ProfileRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('profile.title'));
  const { user } = useAuth();

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('profile.title')}</h1>
      {user ? (
        <>
          {/* Keyed by person: a different sign-in starts from that person's details. */}
          <ProfileDetailsForm key={user.id} user={user} />
          <ChangePasswordForm email={user.email} />
        </>
      ) : (
        <p role="status" className="text-muted-foreground">
          {t('profile.loading')}
        </p>
      )}
    </section>
  );
}
