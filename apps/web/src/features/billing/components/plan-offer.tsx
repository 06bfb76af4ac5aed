import type { TBillingInterval, TBillingProvider, TPlan } from '@faxline/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { planPrice } from '@/lib/plans/plan-prices';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/** What the plan's button does: nothing when payment is off here. */
export type TOfferAction =
  | { kind: 'none' }
  | { kind: 'current' }
  /** One button per way to pay: "Choose" when the card is the only one, "Pay with card" and "Pay with PayPal" otherwise. */
  | { kind: 'choose'; busy: boolean; opening: boolean; providers: TBillingProvider[]; onChoose: (provider: TBillingProvider) => void }
  /** A paying account's change to this plan: Upgrade, Downgrade, Switch to yearly…, confirmed in a dialog. */
  | { kind: 'change'; label: string; onChoose: () => void };

type TPlanOfferProps = {
  plan: TPlan;
  interval: TBillingInterval;
  action: TOfferAction;
  /** The plan the visitor chose on a pricing page before coming here: marked, and brought into view. */
  chosen?: boolean;
};

/** One plan as the account can take it: name, price for how often it pays, pages, and Choose. */
export function PlanOffer({ plan, interval, action, chosen = false }: TPlanOfferProps) {
  const { t, i18n } = useTranslation('billing');
  const { language } = useLanguage();
  const nameId = useId();
  const price = planPrice(plan, interval, language);
  const pages = plan.pagesPerMonth;
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosen) card.current?.scrollIntoView({ block: 'center' });
  }, [chosen]);

  return (
    <Card
      ref={card}
      role="article"
      aria-labelledby={nameId}
      className={cn('h-full gap-4 p-4 sm:p-6', action.kind === 'current' && 'border-primary', chosen && 'border-2 border-primary')}
    >
      <div className="flex flex-col gap-2">
        {plan.isPopular || plan.isHipaa || chosen ? (
          <div className="flex flex-wrap gap-2">
            {chosen ? <Badge variant="accent">{t('plans.chosen')}</Badge> : null}
            {plan.isPopular ? <Badge>{t('plans.popular')}</Badge> : null}
            {plan.isHipaa ? <Badge variant="success">{t('plans.hipaa')}</Badge> : null}
          </div>
        ) : null}
        <h3 id={nameId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        <p className="text-sm text-muted-foreground">{plan.text[language].description}</p>
      </div>
      <div className="flex flex-1 flex-col gap-1">
        {price.kind === 'custom' ? (
          <p className="text-2xl font-bold">{t('plans.custom')}</p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-bold" data-testid="plan-price">
                {price.perMonth}
              </span>
              <span className="text-sm text-muted-foreground">{t('plans.perMonth')}</span>
            </p>
            {price.perYear ? <p className="text-sm text-muted-foreground">{t('plans.billedYearly', { amount: price.perYear })}</p> : null}
          </>
        )}
        <p className="text-sm">
          {pages === null ? t('plans.customPages') : t('plans.pages', { pages: new Intl.NumberFormat(i18n.language).format(pages) })}
        </p>
      </div>
      <OfferButton action={action} custom={price.kind === 'custom'} planName={plan.name} nameId={nameId} />
    </Card>
  );
}

type TOfferButtonProps = { action: TOfferAction; custom: boolean; planName: string; nameId: string };

function OfferButton({ action, custom, planName, nameId }: TOfferButtonProps) {
  const { t } = useTranslation('billing');
  if (action.kind === 'none') return null;
  if (action.kind === 'current') {
    return (
      <Button type="button" variant="outline" className="w-full" disabled aria-describedby={nameId}>
        {t('plans.current')}
      </Button>
    );
  }
  // Priced on request: the team agrees the price, no payment page sells it.
  if (custom) {
    return (
      <Button asChild variant="outline" className="w-full">
        <Link to={paths.contact.getHref()} aria-describedby={nameId}>
          {t('plans.contactSales')}
        </Link>
      </Button>
    );
  }
  if (action.kind === 'change') {
    return (
      <Button type="button" variant="outline" className="w-full" onClick={action.onChoose}>
        {action.label}
        <span className="sr-only"> {planName}</span>
      </Button>
    );
  }
  if (action.opening) {
    return (
      <Button type="button" className="w-full aria-disabled:cursor-wait" aria-disabled>
        {t('plans.opening')}
      </Button>
    );
  }
  const onlyCard = action.providers.length === 1 && action.providers[0] === 'stripe';
  return (
    <div className="flex flex-col gap-2">
      {action.providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant={provider === 'stripe' ? 'default' : 'outline'}
          // The other plans' buttons are dimmed while one opens the payment page.
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-60"
          // Not disabled while busy: the pressed button keeps the focus, and a second press does nothing.
          aria-disabled={action.busy || undefined}
          onClick={() => {
            if (!action.busy) action.onChoose(provider);
          }}
        >
          {onlyCard ? t('plans.choose') : t(`plans.payWith.${provider}`)}
          <span className="sr-only"> {planName}</span>
        </Button>
      ))}
    </div>
  );
}
