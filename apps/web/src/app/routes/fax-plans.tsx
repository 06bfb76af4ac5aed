import type { TPlan } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { PlanCard } from '@/features/plans/components/plan-card';
import { PlansState } from '@/features/plans/components/plans-state';
import { useYearlySaving } from '@/features/plans/hooks/use-yearly-saving';
import { usePlans } from '@/lib/plans/get-plans';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const HEALTHCARE_POINTS = ['baa', 'encryption', 'audit', 'phipa'] as const;

function PlanList({ plans }: { plans: TPlan[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} period="month" showYearlyAlternative />
        </li>
      ))}
    </ul>
  );
}

/** /fax-plans (spec 000 §2): the same catalogue as /pricing, in its two families, #standard-plans and #healthcare-solutions. */
export default function FaxPlansRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('faxPlans.meta.title'), description: t('faxPlans.meta.description') });
  // The healthcare section moves down once the standard plans are in: scroll after they are.
  useScrollToHash(!usePlans().isPending);
  const saving = useYearlySaving();
  const standardIntro = saving
    ? `${t('faxPlans.standard.intro')} ${t(saving.upTo ? 'faxPlans.standard.yearlySavingUpTo' : 'faxPlans.standard.yearlySaving', { percent: saving.percent })}`
    : t('faxPlans.standard.intro');

  return (
    <>
      <PageHeader title={t('faxPlans.heading')} intro={t('faxPlans.intro')}>
        <Button asChild variant="outline">
          <a href="#standard-plans">{t('faxPlans.standard.heading')}</a>
        </Button>
        <Button asChild variant="outline">
          <a href="#healthcare-solutions">{t('faxPlans.healthcare.heading')}</a>
        </Button>
      </PageHeader>

      <PageSection id="standard-plans" title={t('faxPlans.standard.heading')} intro={standardIntro}>
        <PlansState>{(plans) => <PlanList plans={plans.filter((plan) => plan.category === 'standard')} />}</PlansState>
      </PageSection>

      <PageSection id="healthcare-solutions" title={t('faxPlans.healthcare.heading')} intro={t('faxPlans.healthcare.intro')} tinted>
        <ul className="grid gap-3 md:grid-cols-2">
          {HEALTHCARE_POINTS.map((key) => (
            <li key={key} className="flex gap-2">
              <CheckIcon className="mt-0.5 text-primary" />
              <span>{t(`faxPlans.healthcare.points.${key}`)}</span>
            </li>
          ))}
        </ul>
        <PlansState>{(plans) => <PlanList plans={plans.filter((plan) => plan.category === 'healthcare')} />}</PlansState>
        <Link
          to={`${paths.securityPrivacy.getHref()}#hipaa-compliance`}
          className="w-fit font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          {t('faxPlans.healthcare.learnMore')}
        </Link>
      </PageSection>

      <PageSection title={t('faxPlans.compare.heading')} intro={t('faxPlans.compare.body')}>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.pricing.getHref()}>{t('faxPlans.compare.pricing')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.contact.getHref()}>{t('faxPlans.compare.contact')}</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
