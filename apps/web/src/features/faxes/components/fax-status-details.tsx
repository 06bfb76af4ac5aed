import type { TFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { useDateFormat } from '@/lib/use-date-format';

import { FaxStatus } from './fax-status';

/** A fax's status as the history shows it, in the table and on a phone's card: with the reason it failed or its time. */
export function FaxStatusDetails({ fax }: { fax: TFax }) {
  const { t } = useTranslation(['faxes', 'messages']);
  const dates = useDateFormat();
  return (
    <>
      <FaxStatus fax={fax} />
      {fax.status === 'failed' && fax.failureReason ? (
        <span className="block text-xs font-normal text-muted-foreground">{t(`messages:failureReasons.${fax.failureReason}`)}</span>
      ) : null}
      {fax.status === 'scheduled' && fax.scheduledAt ? (
        <span className="block text-xs font-normal text-muted-foreground">
          {t('history.scheduledFor', { date: dates.dateTime(fax.scheduledAt) })}
        </span>
      ) : null}
    </>
  );
}
