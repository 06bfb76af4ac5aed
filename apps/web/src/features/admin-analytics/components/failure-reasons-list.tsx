import type { TAnalyticsFailureReason } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { STATUS_COLOURS } from '../utils/chart-colours';
import { formatCount, formatRate } from '../utils/format';

/**
 * The top failure reasons as a horizontal bar list. Plain HTML: every row is text a screen reader reads as it is
 * (reason, count, share), and the bar only repeats the count for the eye.
 */
export function FailureReasonsList({ reasons }: { reasons: TAnalyticsFailureReason[] }) {
  const { t, i18n } = useTranslation('admin-insights');
  const headingId = useId();
  const total = reasons.reduce((sum, reason) => sum + reason.count, 0);
  const most = Math.max(1, ...reasons.map((reason) => reason.count));

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('analytics.failures.title')}
      </h2>
      {reasons.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('analytics.failures.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {reasons.map((reason) => (
            <li key={reason.reason} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span>{reason.label}</span>
                <span className="shrink-0 tabular-nums">
                  {t('analytics.failures.count', {
                    number: formatCount(reason.count, i18n.language),
                    share: formatRate(reason.count / total, i18n.language),
                  })}
                </span>
              </div>
              <div aria-hidden="true" className="h-2.5 w-full rounded-full bg-muted">
                <div
                  className="h-full rounded-full"
                  style={{ width: `${(reason.count / most) * 100}%`, backgroundColor: STATUS_COLOURS.failed }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
