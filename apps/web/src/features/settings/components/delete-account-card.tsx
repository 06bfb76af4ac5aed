import { roleMay, type TAccountSummary } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Delete Account (spec 001 §2.5). Only the owner may delete the account (the server refuses anyone else), so the
 * others are told who can instead of being shown a button that would fail.
 */
export function DeleteAccountCard({ account, email }: { account: TAccountSummary; email: string }) {
  const { t } = useTranslation('settings');
  const isOwner = roleMay(account.role, 'deleteAccount');
  return (
    <section aria-labelledby="delete-account-heading" className="flex flex-col gap-4 rounded-lg border border-destructive/40 p-6">
      <div className="flex flex-col gap-1">
        <h2 id="delete-account-heading" className="text-xl font-semibold">
          {t('delete.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {isOwner ? t('delete.description') : t('delete.ownerOnly', { email: account.ownerEmail })}
        </p>
      </div>
      {isOwner ? <DeleteAccountDialog email={email} /> : null}
    </section>
  );
}
