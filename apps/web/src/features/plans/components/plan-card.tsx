import type { TBillingInterval, TPlan } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { planPrice } from '@/lib/plans/plan-prices';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

type TPlanCardProps = {
  plan: TPlan;
  period: TBillingInterval;
  /** On monthly prices, also say what a month costs when billed yearly (the fax plans page shows both). */
  showYearlyAlternative?: boolean;
};

/** One plan of the catalogue: name, flags, price for the billing period, what it includes, and the next step. */
export function PlanCard({ plan, period, showYearlyAlternative = false }: TPlanCardProps) {
  const { t } = useTranslation('marketing');
  const { language } = useLanguage();
  const nameId = useId();
  const price = planPrice(plan, period, language);
  const yearly = showYearlyAlternative && period === 'month' ? planPrice(plan, 'year', language) : null;
  const text = plan.text[language];
  const { user } = useAuth();
  // The chosen plan waits on /user/billing; a visitor signs up first and lands there (the sign-in page, linked from the
  // sign-up page, carries the same destination), someone signed in goes straight there.
  const billing = paths.user.billing.getHref({ plan: plan.slug, interval: period });

  return (
    <Card
      // An article per plan: screen-reader users can move from plan to plan.
      role="article"
      aria-labelledby={nameId}
      className={cn('h-full gap-5', plan.isPopular && 'border-2 border-primary shadow-md')}
    >
      <div className="flex flex-col gap-3">
        {plan.isPopular || plan.isHipaa ? (
          <div className="flex flex-wrap gap-2">
            {plan.isPopular ? <Badge>{t('plans.popular')}</Badge> : null}
            {plan.isHipaa ? <Badge variant="success">{t('plans.hipaa')}</Badge> : null}
          </div>
        ) : null}
        <h3 id={nameId} className="text-2xl font-bold">
          {plan.name}
        </h3>
        <p className="text-muted-foreground">{text.description}</p>
      </div>

      <div className="flex flex-col gap-1">
        {price.kind === 'custom' ? (
          <>
            <p className="text-4xl font-bold tracking-tight">{t('plans.custom')}</p>
            <p className="text-sm text-muted-foreground">{t('plans.customNote')}</p>
          </>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
                {price.perMonth}
              </span>
              <span className="text-muted-foreground">{t('plans.perMonth')}</span>
            </p>
            {price.perYear ? <p className="text-sm text-muted-foreground">{t('plans.billedYearly', { amount: price.perYear })}</p> : null}
            {yearly?.kind === 'fixed' ? (
              <p className="text-sm text-muted-foreground">{t('plans.yearlyAlternative', { amount: yearly.perMonth })}</p>
            ) : null}
          </>
        )}
      </div>

      <ul className="flex flex-1 flex-col gap-2" aria-label={t('plans.includes')}>
        {text.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
        {/* Every plan has the installed app (decision 132): the line is the card's, not a plan's feature text. */}
        <li className="flex gap-2">
          <CheckIcon className="mt-0.5 text-primary" />
          <Link to={paths.utilitiesTools.getHref('mobile-app')} className="underline underline-offset-4 hover:no-underline">
            {t('plans.mobileApp')}
          </Link>
        </li>
      </ul>

      <Button asChild variant={plan.isPopular ? 'default' : 'outline'} className="w-full">
        {price.kind === 'custom' ? (
          <Link to={paths.contact.getHref()} aria-describedby={nameId}>
            {t('plans.contactSales')}
          </Link>
        ) : (
          <Link to={user ? billing : paths.signUp.getHref()} state={user ? undefined : { from: billing }} aria-describedby={nameId}>
            {t('plans.getStarted')}
          </Link>
        )}
      </Button>
    </Card>
  );
}
