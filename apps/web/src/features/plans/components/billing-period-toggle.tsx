import type { TBillingInterval } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { ChoiceSwitch } from '@/components/ui/choice-switch';

import { useYearlySaving } from '../hooks/use-yearly-saving';

type TBillingPeriodToggleProps = {
  value: TBillingInterval;
  onChange: (interval: TBillingInterval) => void;
};

/** Monthly / Yearly (spec 000 §4), with what paying yearly saves by the plans' prices, and no badge when nothing. */
export function BillingPeriodToggle({ value, onChange }: TBillingPeriodToggleProps) {
  const { t } = useTranslation('marketing');
  const saving = useYearlySaving();
  const badge = saving ? (
    <Badge variant="success">{t(saving.upTo ? 'pricing.billing.saveUpTo' : 'pricing.billing.save', { percent: saving.percent })}</Badge>
  ) : undefined;
  return (
    <ChoiceSwitch
      legend={t('pricing.billing.label')}
      options={[
        { value: 'month', label: t('pricing.billing.monthly') },
        { value: 'year', label: t('pricing.billing.yearly'), badge },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
