import { ANALYTICS_RANGES, type TAnalyticsRange } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type TRangeSelectProps = { value: TAnalyticsRange; onChange: (range: TAnalyticsRange) => void };

/** The time-range selector (spec 001 §4): the browser's own select, so phones and screen readers handle it natively. */
export function RangeSelect({ value, onChange }: TRangeSelectProps) {
  const { t } = useTranslation('admin-insights');
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:w-60">
      <Label htmlFor={id}>{t('analytics.range.label')}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as TAnalyticsRange)}>
        {ANALYTICS_RANGES.map((range) => (
          <option key={range} value={range}>
            {t(`analytics.range.${range}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
