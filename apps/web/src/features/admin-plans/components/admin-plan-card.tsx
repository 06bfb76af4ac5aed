import type { TAdminPlan } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

type TAdminPlanCardProps = {
  plan: TAdminPlan;
  busy: boolean;
  onEdit: () => void;
  onArchive: (archived: boolean) => void;
  onDelete: (trigger: HTMLElement) => void;
  /** Makes the plan's product and prices in Stripe (the server says when Stripe is not set up). */
  onCreateInStripe: () => void;
  /** Makes the plan's product and billing plans in PayPal (the server says when PayPal is not set up). */
  onCreateInPayPal: () => void;
};

/** One plan as the back office sees it: what the public card shows, plus its state, its accounts and its actions. */
export function AdminPlanCard({ plan, busy, onEdit, onArchive, onDelete, onCreateInStripe, onCreateInPayPal }: TAdminPlanCardProps) {
  const { t } = useTranslation('admin-catalogue');
  const { language } = useLanguage();
  const nameId = useId();
  const archived = plan.archivedAt !== null;
  const text = plan.text[language];
  const money = (cents: number) => formatMoney(cents, plan.currency, language);

  return (
    <Card
      role="article"
      aria-labelledby={nameId}
      className={cn('h-full gap-4', plan.isPopular && !archived && 'border-2 border-primary', archived && 'border-dashed bg-muted/40')}
    >
      <div className="flex flex-wrap gap-2">
        <Badge variant="muted">{t(`plans.card.category.${plan.category}`)}</Badge>
        {plan.isPopular ? <Badge>{t('plans.card.popular')}</Badge> : null}
        {plan.isHipaa ? <Badge variant="success">{t('plans.card.hipaa')}</Badge> : null}
        {archived ? <Badge variant="accent">{t('plans.card.archived')}</Badge> : null}
      </div>
      <div className="flex flex-col gap-1">
        <h2 id={nameId} className="text-xl font-bold">
          {plan.name}
        </h2>
        {text.description ? <p className="text-sm text-muted-foreground">{text.description}</p> : null}
      </div>

      <div className="flex flex-col gap-1">
        {plan.monthlyPriceCents === null ? (
          <p className="text-3xl font-bold tracking-tight">{t('plans.card.custom')}</p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-1">
              <span className="text-3xl font-bold tracking-tight" data-testid="admin-plan-price">
                {money(plan.monthlyPriceCents)}
              </span>
              <span className="text-muted-foreground">{t('plans.card.perMonth')}</span>
            </p>
            {plan.yearlyMonthlyPriceCents !== null ? (
              <p className="text-sm text-muted-foreground">{t('plans.card.yearly', { amount: money(plan.yearlyMonthlyPriceCents) })}</p>
            ) : null}
          </>
        )}
        <p className="text-sm font-medium">
          {plan.pagesPerMonth === null
            ? t('plans.card.customPages')
            : t('plans.card.pages', { pages: new Intl.NumberFormat(language).format(plan.pagesPerMonth) })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('plans.card.apiRequestsPerMinute', { requests: new Intl.NumberFormat(language).format(plan.apiRequestsPerMinute) })}
        </p>
      </div>

      {text.features.length > 0 ? (
        <ul className="flex flex-1 flex-col gap-1.5 text-sm" aria-label={t('plans.card.features')}>
          {text.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex-1 text-sm text-muted-foreground">{t('plans.card.noFeatures')}</p>
      )}

      {/* What the server gives accounts on the plan (decision 087), whatever the features text says. */}
      <p className="text-sm">
        <span className="font-medium">{t('plans.card.includes')}: </span>
        {[
          plan.apiAccess ? t('plans.card.apiAccess') : null,
          plan.webhooks ? t('plans.card.webhooks') : null,
          plan.faxToEmail ? t('plans.card.faxToEmail') : null,
          plan.maxUsers === null ? t('plans.card.unlimitedUsers') : t('plans.card.users', { count: plan.maxUsers }),
          t('plans.card.numbers', { count: plan.faxNumbersIncluded }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="text-sm text-muted-foreground">
        {plan.stripeMonthlyPriceId && plan.stripeYearlyPriceId ? t('plans.card.inStripe') : t('plans.card.notInStripe')}
        {' · '}
        {plan.paypalMonthlyPlanId && plan.paypalYearlyPlanId ? t('plans.card.inPaypal') : t('plans.card.notInPaypal')}
      </p>

      <p className="text-sm text-muted-foreground">{t('plans.card.accounts', { count: plan.accountCount })}</p>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={t('plans.card.editLabel', { name: plan.name })}
          onClick={onEdit}
        >
          {t('plans.card.edit')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={t(archived ? 'plans.card.restoreLabel' : 'plans.card.archiveLabel', { name: plan.name })}
          onClick={() => onArchive(!archived)}
        >
          {archived ? t('plans.card.restore') : t('plans.card.archive')}
        </Button>
        {plan.monthlyPriceCents !== null && !(plan.stripeMonthlyPriceId && plan.stripeYearlyPriceId) ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('plans.card.createInStripeLabel', { name: plan.name })}
            onClick={onCreateInStripe}
          >
            {t('plans.card.createInStripe')}
          </Button>
        ) : null}
        {plan.monthlyPriceCents !== null && !(plan.paypalMonthlyPlanId && plan.paypalYearlyPlanId) ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('plans.card.createInPaypalLabel', { name: plan.name })}
            onClick={onCreateInPayPal}
          >
            {t('plans.card.createInPaypal')}
          </Button>
        ) : null}
        {/* A plan in use is archived, never deleted (the server refuses too). */}
        {plan.accountCount === 0 ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            aria-label={t('plans.card.deleteLabel', { name: plan.name })}
            onClick={(event) => onDelete(event.currentTarget)}
          >
            {t('plans.card.delete')}
          </Button>
        ) : (
          <p className="basis-full text-xs text-muted-foreground">{t('plans.card.inUseNote')}</p>
        )}
      </div>
    </Card>
  );
}
