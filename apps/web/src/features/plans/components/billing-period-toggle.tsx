import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

import { BILLING_PERIODS, type TBillingPeriod } from '../utils/plan-prices';

type TBillingPeriodToggleProps = {
  value: TBillingPeriod;
  onChange: (period: TBillingPeriod) => void;
};

/**
 * Monthly / Yearly (spec 000 §4), as a group of two radio buttons that looks like a switch: Tab reaches the group,
 * the arrow keys change the period, and screen readers say which one is chosen.
 */
export function BillingPeriodToggle({ value, onChange }: TBillingPeriodToggleProps) {
  const { t } = useTranslation('marketing');
  const name = useId();

  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="mb-2 w-full text-center text-sm font-medium">{t('pricing.billing.label')}</legend>
      <div className="inline-flex rounded-full border border-input bg-muted p-1">
        {BILLING_PERIODS.map((period) => (
          <label key={period} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="peer sr-only"
            />
            <span className="flex min-h-10 items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2">
              {t(`pricing.billing.${period}`)}
              {period === 'yearly' ? <Badge variant="success">{t('pricing.billing.save')}</Badge> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
