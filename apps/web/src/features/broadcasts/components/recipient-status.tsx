import type { TBroadcastRecipient } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TDateFormat } from '@/lib/use-date-format';
import { cn } from '@/lib/utils';

/** How each status reads at a glance: ended well, ended badly, or still on its way. */
const TONE: Record<TBroadcastRecipient['status'], string> = {
  delivered: 'text-emerald-700 dark:text-emerald-400',
  partially_delivered: 'text-amber-700 dark:text-amber-400',
  failed: 'text-destructive',
  canceled: 'text-muted-foreground',
  queued: '',
  scheduled: '',
  converting: '',
  sending: '',
};

/**
 * A recipient's status in the reader's language, with the reason of a failure, or why and until when it waits for its next try.
 */
export function RecipientStatus({ recipient, dates }: { recipient: TBroadcastRecipient; dates: TDateFormat }) {
  const { t } = useTranslation(['broadcasts', 'messages']);
  const status = t(`status.${recipient.status}`);
  let detail: string | null = null;
  if (recipient.status === 'sending' && recipient.retryReason && recipient.nextTryAt)
    detail = t('view.waitingRetry', {
      reason: t(`messages:failureReasons.${recipient.retryReason}`),
      time: dates.format(recipient.nextTryAt, { timeStyle: 'medium' }),
    });
  else if (recipient.failureReason && recipient.status !== 'canceled') detail = t(`messages:failureReasons.${recipient.failureReason}`);
  return (
    <span className="flex flex-col">
      <span className={cn('font-medium', TONE[recipient.status])}>{status}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </span>
  );
}
