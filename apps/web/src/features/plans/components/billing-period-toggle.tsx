import type { TBillingInterval } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { ChoiceSwitch } from '@/components/ui/choice-switch';

type TBillingPeriodToggleProps = {
  value: TBillingInterval;
  onChange: (interval: TBillingInterval) => void;
};

/** Monthly / Yearly (spec 000 §4), with what paying yearly saves. */
export function BillingPeriodToggle({ value, onChange }: TBillingPeriodToggleProps) {
  const { t } = useTranslation('marketing');
  return (
    <ChoiceSwitch
      legend={t('pricing.billing.label')}
      options={[
        { value: 'month', label: t('pricing.billing.monthly') },
        { value: 'year', label: t('pricing.billing.yearly'), badge: <Badge variant="success">{t('pricing.billing.save')}</Badge> },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
