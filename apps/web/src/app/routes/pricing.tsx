import type { TBillingInterval, TPlan } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { BillingPeriodToggle } from '@/features/plans/components/billing-period-toggle';
import { PlanCard } from '@/features/plans/components/plan-card';
import { PlansState } from '@/features/plans/components/plans-state';
import { usePromotionSentence, useYearlySaving } from '@/features/plans/hooks/use-yearly-saving';
import { usePlans } from '@/lib/plans/get-plans';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const NOTES = ['pages', 'yearly', 'international', 'change'] as const;

function PlanGroup({ title, plans, period }: { title: string; plans: TPlan[]; period: TBillingInterval }) {
  if (plans.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-6">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} period={period} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /pricing (spec 000 §2, §4): every plan of the catalogue, with a Monthly/Yearly toggle. */
export default function PricingRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('pricing.meta.title'), description: t('pricing.meta.description') });
  const [period, setPeriod] = useState<TBillingInterval>('month');
  useScrollToHash(!usePlans().isPending);
  const saving = useYearlySaving();
  const promotion = usePromotionSentence();
  const intro = [
    t('pricing.intro'),
    saving ? t(saving.upTo ? 'pricing.yearlySavingUpTo' : 'pricing.yearlySaving', { percent: saving.percent }) : null,
    promotion,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <PageHeader title={t('pricing.heading')} intro={intro} />
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
        <BillingPeriodToggle value={period} onChange={setPeriod} />
        <PlansState>
          {(plans) => (
            <div className="flex flex-col gap-12">
              <PlanGroup
                title={t('pricing.standardHeading')}
                plans={plans.filter((plan) => plan.category === 'standard')}
                period={period}
              />
              <PlanGroup
                title={t('pricing.healthcareHeading')}
                plans={plans.filter((plan) => plan.category === 'healthcare')}
                period={period}
              />
            </div>
          )}
        </PlansState>

        <section aria-labelledby="pricing-notes" className="flex flex-col gap-4 rounded-lg border bg-muted p-6">
          <h2 id="pricing-notes" className="text-xl font-bold">
            {t('pricing.notes.heading')}
          </h2>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            {NOTES.map((key) => (
              <li key={key}>{t(`pricing.notes.${key}`)}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to={`${paths.support.getHref()}#international-rates`}>{t('pricing.ratesLink')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.contact.getHref()}>{t('pricing.contactSales')}</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
