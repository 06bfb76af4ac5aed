import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useBillingAfterCheckout } from '../hooks/use-billing-after-checkout';
import { paidChoiceOf } from '../utils/subscription-state';

import { BaaAgreements } from './baa-agreements';
import { BillingDetailsForm } from './billing-details-form';
import { CheckoutReturnNotice, PaymentOffNotice, TestModeNotice } from './billing-notices';
import { ManageSubscription } from './manage-subscription';
import { InvoiceList, ProviderReceipts } from './invoice-list';
import { PlanCatalogue } from './plan-catalogue';
import { UsageDownload } from './usage-download';
import { YourPlan } from './your-plan';

const cardClass = 'flex min-w-0 flex-col gap-6 rounded-lg border p-4 sm:p-6';

/** The account's plan and the catalogue once the billing has arrived; what came of a payment, on the way back. */
export function BillingManager() {
  const { t } = useTranslation('billing');
  const { billing, returned, waiting } = useBillingAfterCheckout();
  const accountPlanId = useAccountSummary().data?.plan?.id;

  const returnNotice = returned ? (
    <CheckoutReturnNotice returned={returned} waiting={waiting} confirmed={Boolean(billing.data?.subscription)} />
  ) : null;
  if (billing.isPending) {
    return (
      <>
        {returnNotice}
        <Loading>{t('loading')}</Loading>
      </>
    );
  }
  if (billing.isError) {
    return (
      <>
        {returnNotice}
        <LoadFailed title={t('loadFailed')} error={billing.error} retryLabel={t('retry')} onRetry={() => void billing.refetch()} />
      </>
    );
  }
  const { enabled, testMode, subscription, providers, offers } = billing.data;
  return (
    <>
      {testMode ? <TestModeNotice /> : null}
      {returnNotice}
      {enabled ? null : <PaymentOffNotice />}
      <YourPlan subscription={subscription} enabled={enabled} className={cardClass} />
      {enabled && subscription && subscription.status !== 'canceled' ? (
        <ManageSubscription subscription={subscription} offers={offers} className={cardClass} />
      ) : null}
      <PlanCatalogue
        enabled={enabled}
        paid={paidChoiceOf(subscription, accountPlanId)}
        changeable={subscription?.status === 'active' && !subscription.cancelAtPeriodEnd}
        providers={providers}
        planChangesNotOfferedBy={subscription && offers && !offers.planChanges ? subscription.provider : null}
        className={cardClass}
      />
      <BaaAgreements className={cardClass} />
      <UsageDownload className={cardClass} />
      <BillingDetailsForm className={cardClass} />
      {/* PayPal has no invoices (decision 095): the page says where the receipts are instead of an empty list. */}
      {subscription && offers && !offers.invoices ? (
        <ProviderReceipts provider={subscription.provider} className={cardClass} />
      ) : (
        <InvoiceList className={cardClass} />
      )}
    </>
  );
}
