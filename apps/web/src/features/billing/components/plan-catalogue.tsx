import { planChangeTimingOf, roleMay, YEARLY_DISCOUNT, type TBillingInterval, type TBillingProvider, type TPlan } from '@faxline/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { ChoiceSwitch } from '@/components/ui/choice-switch';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { ApiError } from '@/lib/api-client';
import { usePlans } from '@/lib/plans/get-plans';
import { useSearchState } from '@/lib/use-search-state';
import { toast } from '@/lib/toast';

import { useBaa } from '../api/baa';
import { useCheckOut } from '../api/start-checkout';
import type { TPaidChoice } from '../utils/subscription-state';

import { BaaDialog } from './baa-dialog';
import { PlanChangeDialog } from './plan-change-dialog';
import { PlanOffer, type TOfferAction } from './plan-offer';

type TPlanCatalogueProps = {
  /** Online payment is on here: each plan has its Choose button. */
  enabled: boolean;
  /** What the account pays for now, if anything: its plan reads "Current plan" on the same interval. */
  paid: TPaidChoice | null;
  /** The paid plan can be changed (the subscription is active and not cancelled): other plans offer the change. */
  changeable: boolean;
  /** The ways to pay for a first subscription here, card first (decision 095). */
  providers: TBillingProvider[];
  /**
   * The provider of the paid plan changes no plan (PayPal, decision 095): the page says how to move instead. Null:
   * the account pays through no provider, or through one that does.
   */
  planChangesNotOfferedBy: TBillingProvider | null;
  className: string;
};

/** The plans on sale, paid monthly or yearly; Choose opens the payment provider's page. */
export function PlanCatalogue({ enabled, paid, changeable, providers, planChangesNotOfferedBy, className }: TPlanCatalogueProps) {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const plans = usePlans();
  const headingId = useId();
  // The plan chosen on /pricing or /fax-plans (paths.user.billing.getHref), offered first and marked.
  const [search] = useSearchState();
  const chosen = chosenOf(search);
  const [interval, setBillingInterval] = useState<TBillingInterval>(paid?.interval ?? chosen?.interval ?? 'month');
  const checkOut = useCheckOut();
  const [changing, setChanging] = useState<{ plan: TPlan; interval: TBillingInterval } | null>(null);
  // A HIPAA plan is chosen only with the business associate agreement in force signed (decision 090): the owner signs
  // it first, then the checkout or the change goes on. A Billing member cannot sign; the server's refusal says who can.
  const baa = useBaa(i18n.language, enabled);
  const role = useAccountSummary().data?.role;
  const [signingFor, setSigningFor] = useState<{ plan: TPlan; proceed: () => void } | null>(null);
  const afterBaa = (plan: TPlan, proceed: () => void) => () => {
    const mustSign = plan.isHipaa && baa.data && !baa.data.signedCurrent && role && roleMay(role, 'signAgreements');
    if (mustSign) setSigningFor({ plan, proceed });
    else proceed();
  };
  // After success the browser is on its way to the payment page: the button stays busy until it has left.
  const leaving = checkOut.isPending || checkOut.isSuccess;
  const openingPlanId = leaving ? checkOut.variables?.planId : undefined;

  // Back from the payment page with the browser's Back button, the page may be shown as it was left: busy.
  const resetCheckOut = checkOut.reset;
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) resetCheckOut();
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, [resetCheckOut]);

  const choose = (planId: string, provider: TBillingProvider) =>
    checkOut.mutate(
      { planId, interval, provider },
      {
        onError: (error) =>
          toast({
            title: t('plans.checkoutFailed'),
            description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
            variant: 'destructive',
          }),
      },
    );

  const actionFor = (plan: TPlan): TOfferAction => {
    if (!enabled) return { kind: 'none' };
    if (paid?.planId === plan.id && paid.interval === interval) return { kind: 'current' };
    if (paid) return changeable && !planChangesNotOfferedBy ? changeActionFor(plan) : { kind: 'none' };
    return {
      kind: 'choose',
      busy: leaving,
      opening: openingPlanId === plan.id,
      providers,
      onChoose: (provider) => afterBaa(plan, () => choose(plan.id, provider))(),
    };
  };
  // A paying account changes its plan: at once when dearer, at the period's end when cheaper (decision 083).
  const changeActionFor = (plan: TPlan): TOfferAction => {
    const current = plans.data?.plans.find((candidate) => candidate.id === paid?.planId);
    if (!paid || current?.monthlyPriceCents == null || plan.monthlyPriceCents === null) return { kind: 'none' };
    const timing = planChangeTimingOf(
      { ...paid, monthlyPriceCents: current.monthlyPriceCents },
      { planId: plan.id, interval, monthlyPriceCents: plan.monthlyPriceCents },
    );
    if (!timing) return { kind: 'current' };
    const label =
      plan.id === paid.planId
        ? t(interval === 'year' ? 'change.toYearly' : 'change.toMonthly')
        : t(timing === 'now' ? 'change.upgrade' : 'change.downgrade');
    return { kind: 'change', label, onChoose: afterBaa(plan, () => setChanging({ plan, interval })) };
  };
  const save = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(YEARLY_DISCOUNT);

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('plans.heading')}
        </h2>
        {enabled ? <p className="text-sm text-muted-foreground">{t('plans.intro')}</p> : null}
        {/* The other plans offer nothing meanwhile: say why rather than leave them without a button. */}
        {enabled && paid && planChangesNotOfferedBy ? (
          <p className="text-sm text-muted-foreground">{t(`plans.notChangeableAt.${planChangesNotOfferedBy}`)}</p>
        ) : enabled && paid && !changeable ? (
          <p className="text-sm text-muted-foreground">{t('plans.notChangeable')}</p>
        ) : null}
      </div>
      <ChoiceSwitch
        align="start"
        legend={t('plans.intervalLabel')}
        options={[
          { value: 'month', label: t('interval.month') },
          { value: 'year', label: t('interval.year'), badge: <Badge variant="success">{t('plans.save', { percent: save })}</Badge> },
        ]}
        value={interval}
        onChange={setBillingInterval}
      />
      {/* Said once a Choose is pressed: a button's new text alone is not announced. */}
      <p role="status" className="sr-only">
        {openingPlanId ? t('plans.opening') : null}
      </p>
      {plans.isPending ? <Loading>{t('plans.loading')}</Loading> : null}
      {plans.isError ? (
        <LoadFailed title={t('plans.loadFailed')} error={plans.error} retryLabel={t('retry')} onRetry={() => void plans.refetch()} />
      ) : null}
      {plans.data?.plans.length === 0 ? <p className="text-muted-foreground">{t('plans.empty')}</p> : null}
      {plans.data?.plans.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {plans.data.plans.map((plan) => (
            <li key={plan.id}>
              <PlanOffer plan={plan} interval={interval} action={actionFor(plan)} chosen={plan.slug === chosen?.plan} />
            </li>
          ))}
        </ul>
      ) : null}
      {signingFor && baa.data ? (
        <BaaDialog
          agreement={baa.data}
          planName={signingFor.plan.name}
          onClose={() => setSigningFor(null)}
          onSigned={() => {
            setSigningFor(null);
            signingFor.proceed();
          }}
        />
      ) : null}
      {changing ? <PlanChangeDialog plan={changing.plan} interval={changing.interval} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}

/** The `plan` and `interval` a pricing page's Get Started carried here, if they are well formed. */
function chosenOf(search: URLSearchParams): { plan: string; interval: TBillingInterval } | null {
  const plan = search.get('plan');
  const interval = search.get('interval');
  if (!plan) return null;
  return { plan, interval: interval === 'year' ? 'year' : 'month' };
}
