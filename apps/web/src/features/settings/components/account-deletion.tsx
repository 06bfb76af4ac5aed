import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useAuth } from '@/lib/auth/use-auth';

import { DeleteAccountCard } from './delete-account-card';

/** The Delete Account card, once the person's role in the account is known. */
export function AccountDeletion() {
  const account = useAccountSummary();
  const { user } = useAuth();
  return account.data && user ? <DeleteAccountCard account={account.data} email={user.email} /> : null;
}
