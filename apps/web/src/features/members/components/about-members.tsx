import { useTranslation } from 'react-i18next';

import { UsersIcon } from '@/components/ui/icons';

/** What additional logins are (spec 001 §2.8, §6): username sign-in, the owner's permissions, the owner's bill. */
export function AboutMembers() {
  const { t } = useTranslation('members');
  return (
    <aside aria-labelledby="about-members-heading" className="flex gap-3 rounded-lg border bg-accent/40 p-4 text-sm">
      <UsersIcon className="mt-0.5 text-primary" />
      <div className="flex flex-col gap-2">
        <h2 id="about-members-heading" className="font-semibold">
          {t('about.title')}
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>{t('about.signIn')}</li>
          <li>{t('about.permissions')}</li>
          <li>{t('about.billing')}</li>
        </ul>
      </div>
    </aside>
  );
}
