import { useTranslation } from 'react-i18next';

import { maySeeFaxes } from '@/components/layouts/user/user-nav';
import { ResendConfirmationButton } from '@/features/auth/components/resend-confirmation-button';
import { AccountStatusCard } from '@/features/dashboard/components/account-status-card';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';
import { FaxNumbersCard } from '@/features/dashboard/components/fax-numbers-card';
import { RecentFaxesCard } from '@/features/dashboard/components/recent-faxes-card';
import { ShortcutCards } from '@/features/dashboard/components/shortcut-cards';
import { UsageCard } from '@/features/dashboard/components/usage-card';
import { WelcomeMessage } from '@/features/dashboard/components/welcome-message';
import { latestFaxes } from '@/features/dashboard/utils/latest-faxes';
import { DashboardRetentionPrompt } from '@/features/retention/components/retention-prompt';
import { AccountDeliveryCard } from '@/features/delivery-record/components/account-delivery-card';
import { useFaxes } from '@/features/faxes/api/get-faxes';
import { useNumbers } from '@/features/faxes/api/get-numbers';
import { FaxStatus } from '@/features/faxes/components/fax-status';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

const RECENT_FAX_COUNT = 5;
const noop = () => null;

/**
 * /user/dashboard (spec 001 §2.3): greeting, shortcuts and account status; beyond the spec, the platform's welcome
 * message, this month's pages, the last five faxes, the account's fax numbers and its delivery record. A Billing contact sees no faxes (the
 * server refuses them too).
 */
export default function UserDashboardRoute() {
  const { t } = useTranslation('user');
  useDocumentTitle(t('dashboard.title'));
  const { user } = useAuth();
  const account = useAccountSummary();
  // RequireUser renders this page only for a signed-in person.
  if (!user) return null;
  const role = account.data?.role;
  // The fax cards wait for the role, since a Billing contact's requests would only be refused; should the account fail
  // to load, they are tried (the layout assumes standard access likewise).
  const showFaxes = !account.isPending && maySeeFaxes(role);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 md:px-6">
      <DashboardGreeting name={user.name} />
      {/* A HIPAA plan's owner is asked to choose a retention policy until one is saved (decision 108). */}
      <DashboardRetentionPrompt />
      {account.data?.welcomeMessage ? <WelcomeMessage message={account.data.welcomeMessage} /> : null}
      <ShortcutCards showFaxShortcuts={maySeeFaxes(role)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {account.isPending ? <RecentFaxesCard faxes={undefined} failed={false} onRetry={noop} renderStatus={noop} /> : null}
          {showFaxes ? <RecentFaxes /> : null}
          <AccountStatusCard emailVerified={user.emailVerified} resendButton={<ResendConfirmationButton email={user.email} />} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <UsageCard />
          {showFaxes ? <FaxNumbers /> : null}
        </div>
      </div>
      {/* The account's own delivery record (decision 122), as /status counts everyone's. */}
      {showFaxes ? <AccountDeliveryCard /> : null}
    </div>
  );
}

function RecentFaxes() {
  const sent = useFaxes({ direction: 'outbound', pageSize: RECENT_FAX_COUNT });
  const received = useFaxes({ direction: 'inbound', pageSize: RECENT_FAX_COUNT });
  const failed = sent.isError || received.isError;
  const faxes = sent.data && received.data ? latestFaxes(sent.data.faxes, received.data.faxes, RECENT_FAX_COUNT) : undefined;
  return (
    <RecentFaxesCard
      faxes={faxes}
      failed={failed}
      onRetry={() => void Promise.all([sent.refetch(), received.refetch()])}
      renderStatus={(fax) => <FaxStatus fax={fax} />}
    />
  );
}

function FaxNumbers() {
  const numbers = useNumbers();
  return <FaxNumbersCard numbers={numbers.data?.numbers} failed={numbers.isError} onRetry={() => void numbers.refetch()} />;
}
