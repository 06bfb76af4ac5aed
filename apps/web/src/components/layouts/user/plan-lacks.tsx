import { webPaths, type TAccountSummary } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useAccountSummary } from '@/lib/account/get-account-summary';

type TPlan = NonNullable<TAccountSummary['plan']>;
/** The features a plan includes or not (decision 087); the number of users is counted apart. */
export type TPlanFeature = 'apiAccess' | 'webhooks' | 'faxToEmail';

/**
 * The account's plan when it does not include `feature`, else null (also while the plan is not known yet: the server
 * refuses all the same, with the same message).
 */
export function usePlanLacking(feature: TPlanFeature): TPlan | null {
  const plan = useAccountSummary().data?.plan;
  return plan && !plan[feature] ? plan : null;
}

/** The account's plan when it has no room for one more person (members and open invitations, the owner counted). */
export function usePlanFull(people: number): TPlan | null {
  const plan = useAccountSummary().data?.plan;
  return plan && plan.maxUsers !== null && people >= plan.maxUsers ? plan : null;
}

type TPlanLacksProps = { what: TPlanFeature | 'users'; plan: TPlan };

/**
 * In place of a form the plan would refuse: what the plan does not include, and the way to one that does (the
 * billing page, where the owner and billing contacts choose a plan).
 */
export function PlanLacks({ what, plan }: TPlanLacksProps) {
  const { t } = useTranslation('plan-features');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col items-start gap-3 rounded-lg border border-dashed p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {t(`${what}.title`)}
      </h2>
      <p className="text-muted-foreground">{t(`${what}.body`, { plan: plan.name, count: plan.maxUsers ?? 0 })}</p>
      <p className="text-sm text-muted-foreground">{t('whoChooses')}</p>
      <Button asChild>
        <Link to={webPaths.user.billing.getHref()}>{t('upgrade')}</Link>
      </Button>
    </section>
  );
}
