import type { TProviderOffers } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { usePlans } from '@/lib/plans/get-plans';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { cancelSubscription, undoCancellation } from '../api/cancel-subscription';
import { dropScheduledChange, useBillingChange } from '../api/change-plan';
import { useOpenPaymentPortal, usePaymentMethod } from '../api/payment-method';
import type { TSubscription } from '../utils/subscription-state';

type TManageSubscriptionProps = { subscription: TSubscription; offers: TProviderOffers | null; className: string };

/**
 * A running subscription's own actions: the downgrade scheduled for the period's end and the way to keep the current
 * plan, cancelling in one click (and undoing it until the period ends), and the card the provider charges.
 */
export function ManageSubscription({ subscription, offers, className }: TManageSubscriptionProps) {
  const { t } = useTranslation('billing');
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('manage.heading')}
      </h2>
      {subscription.scheduledChange ? <ScheduledChange change={subscription.scheduledChange} /> : null}
      <Cancellation subscription={subscription} />
      {offers?.paymentPortal === false ? (
        <p className="text-sm text-muted-foreground">{t(`card.atProvider.${subscription.provider}`)}</p>
      ) : (
        <PaymentMethod />
      )}
    </section>
  );
}

/** Runs one request of the billing, then says in a toast how it went. */
function useOneClick(run: () => Promise<void>, done: { title: string; description: string }, failedTitle: string) {
  const { t } = useTranslation('errors');
  const mutation = useBillingChange(run);
  const go = () =>
    mutation.mutate(undefined, {
      onSuccess: () => toast(done),
      onError: (error) =>
        toast({ title: failedTitle, description: error instanceof ApiError ? error.message : t('api.unknown'), variant: 'destructive' }),
    });
  return { go, pending: mutation.isPending };
}

function ScheduledChange({ change }: { change: NonNullable<TSubscription['scheduledChange']> }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const plans = usePlans();
  const name = plans.data?.plans.find((plan) => plan.id === change.planId)?.name ?? t('yourPlan.noPlan');
  const keep = useOneClick(dropScheduledChange, { title: t('change.kept'), description: t('change.keptBody') }, t('change.keepFailed'));

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-l-4 border-l-primary p-4 sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">{t('change.scheduledTerm')}: </span>
        {t('change.scheduled', { plan: name, interval: t(`interval.${change.interval}`), date: dates.date(change.startsAt, 'long') })}
      </p>
      <Button type="button" variant="outline" disabled={keep.pending} onClick={keep.go}>
        {keep.pending ? t('change.keeping') : t('change.keep')}
      </Button>
    </div>
  );
}

function Cancellation({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const [asking, setAsking] = useState(false);
  const cancel = useBillingChange(cancelSubscription);
  const date = dates.date(subscription.currentPeriodEnd, 'long');
  const undo = useOneClick(undoCancellation, { title: t('cancel.undone'), description: t('cancel.undoneBody') }, t('cancel.undoFailed'));
  if (subscription.status === 'canceled') return null;

  if (subscription.cancelAtPeriodEnd) {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-medium">{t('cancel.endsOn', { date })}</p>
        <Button type="button" disabled={undo.pending} onClick={undo.go}>
          {undo.pending ? t('cancel.undoing') : t('cancel.undo')}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <Button type="button" variant="outline" onClick={() => setAsking(true)}>
        {t('cancel.button')}
      </Button>
      {asking ? (
        <ActionConfirmDialog
          title={t('cancel.title')}
          description={t('cancel.body', { date })}
          cancelLabel={t('cancel.keep')}
          confirmLabel={t('cancel.confirm')}
          pendingLabel={t('cancel.working')}
          action={{ run: () => cancel.mutateAsync(), pending: cancel.isPending }}
          done={{ title: t('cancel.done'), description: t('cancel.doneBody', { date }) }}
          failedTitle={t('cancel.failed')}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}

/** The card on file as the provider says, and its portal to change it (a new card settles any open invoice there). */
function PaymentMethod() {
  const { t } = useTranslation(['billing', 'errors']);
  const headingId = useId();
  const method = usePaymentMethod();
  const portal = useOpenPaymentPortal();
  // After success the browser is on its way to the portal: the button stays busy until it has left.
  const leaving = portal.isPending || portal.isSuccess;
  const card = method.data?.card;
  const open = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          title: t('card.openFailed'),
          description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
          variant: 'destructive',
        }),
    });

  return (
    <div aria-labelledby={headingId} role="group" className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        {t('card.heading')}
      </h3>
      {method.isPending ? <Loading>{t('card.loading')}</Loading> : null}
      {method.isError ? (
        <LoadFailed title={t('card.loadFailed')} error={method.error} retryLabel={t('retry')} onRetry={() => void method.refetch()} />
      ) : null}
      {method.data ? (
        <p>
          {card ? (
            <>
              {t('card.onFile', { brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1), last4: card.last4 })}
              <span className="text-sm text-muted-foreground">
                {' · '}
                {t('card.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}
              </span>
            </>
          ) : (
            t('card.none')
          )}
        </p>
      ) : null}
      <div>
        <Button type="button" variant="outline" aria-disabled={leaving || undefined} onClick={() => (leaving ? undefined : open())}>
          {leaving ? t('card.opening') : t('card.change')}
        </Button>
      </div>
    </div>
  );
}
