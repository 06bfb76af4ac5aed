import type { TWebhookAttempt, TWebhookMessage } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useRetryWebhookMessage } from '../api/retry-webhook-message';
import { attemptOutcome, attemptsLatestFirst, formatAttemptDuration, maySendAgain, type TAttemptOutcome } from '../utils/delivery-log';

const STATUS_BADGES = {
  pending: 'bg-muted text-muted-foreground',
  delivered: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
} as const satisfies Record<TWebhookMessage['status'], string>;

const OUTCOME_TEXT: Record<TAttemptOutcome, string> = {
  succeeded: 'text-emerald-800',
  httpError: 'text-red-800',
  noResponse: 'text-red-800',
  running: 'text-muted-foreground',
};

type TDeliveryMessageProps = { endpointId: string; message: TWebhookMessage };

/** One message of the log: its event, status, creation and next try, each try (latest first), and "Send again". */
export function DeliveryMessage({ endpointId, message }: TDeliveryMessageProps) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const dates = useDateFormat();
  const retry = useRetryWebhookMessage();
  const created = dates.dateTime(message.createdAt);
  const attempts = attemptsLatestFirst(message);

  const sendAgain = () =>
    retry.mutate(
      { endpointId, messageId: message.id },
      {
        onSuccess: () => toast({ title: t('toasts.resentTitle'), description: t('toasts.resentDescription') }),
        onError: (error) =>
          toast({
            title: t('toasts.resendFailedTitle'),
            description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-md border bg-background p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <code translate="no" className="font-mono text-sm font-semibold break-all">
              {message.type}
            </code>
            <Badge className={STATUS_BADGES[message.status]}>{t(`log.status.${message.status}`)}</Badge>
          </div>
          <span className="text-sm text-muted-foreground">
            {t('log.created', { date: created })}
            {message.status === 'pending' && message.nextTryAt ? ` · ${t('log.nextTry', { date: dates.soon(message.nextTryAt) })}` : null}
          </span>
        </div>
        {maySendAgain(message) ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            aria-label={t('log.sendAgainFor', { type: message.type, date: created })}
            onClick={sendAgain}
          >
            {retry.isPending ? t('log.sendingAgain') : t('log.sendAgain')}
          </Button>
        ) : null}
      </div>
      {attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('log.noAttempts')}</p>
      ) : (
        <ol aria-label={t('log.attemptsLabel', { type: message.type })} className="flex min-w-0 flex-col divide-y border-t">
          {attempts.map((attempt) => (
            <Attempt key={attempt.number} attempt={attempt} />
          ))}
        </ol>
      )}
    </li>
  );
}

/** One try: when, the answer (status code, or no answer and why), how long it took, and the start of the body. */
function Attempt({ attempt }: { attempt: TWebhookAttempt }) {
  const { t, i18n } = useTranslation('webhooks');
  const dates = useDateFormat();
  const outcome = attemptOutcome(attempt);
  const number = new Intl.NumberFormat(i18n.language);
  const response =
    attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : outcome === 'running' ? t('log.running') : t('log.noResponse');
  const duration = attempt.durationMs === null ? null : formatAttemptDuration(attempt.durationMs, i18n.language);
  const row = 'grid grid-cols-1 gap-x-3 sm:grid-cols-[8rem_minmax(0,1fr)]';

  return (
    <li className="flex min-w-0 flex-col gap-1 pt-2 text-sm" data-attempt={attempt.number}>
      <span className="font-medium">{t('log.attempt', { number: number.format(attempt.number) })}</span>
      <dl className="flex min-w-0 flex-col gap-1">
        <div className={row}>
          <dt className="text-muted-foreground">{t('log.time')}</dt>
          <dd>
            <time dateTime={attempt.startedAt}>{dates.dateTime(attempt.startedAt)}</time>
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('log.response')}</dt>
          <dd className={`font-medium ${OUTCOME_TEXT[outcome]}`} data-testid="attempt-response">
            {response}
          </dd>
        </div>
        {duration ? (
          <div className={row}>
            <dt className="text-muted-foreground">{t('log.duration')}</dt>
            <dd>{duration}</dd>
          </div>
        ) : null}
        {attempt.error ? (
          <div className={row}>
            <dt className="text-muted-foreground">{t('log.error')}</dt>
            <dd className="break-words">{attempt.error}</dd>
          </div>
        ) : null}
        {attempt.responseExcerpt ? (
          <div className={row}>
            <dt className="text-muted-foreground">{t('log.body')}</dt>
            <dd className="min-w-0">
              <pre className="rounded bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap">{attempt.responseExcerpt}</pre>
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
