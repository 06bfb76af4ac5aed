import { FAX_EVENT_TYPES, type TWebhookEndpoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { XCircleIcon } from '@/components/ui/icons';
import { useDateFormat } from '@/lib/use-date-format';

import { WEBHOOK_PERIODS } from '../utils/webhook-periods';

/** The signing methods as their standards name them, the same in every language. */
export const SIGNING_NAMES = { 'hmac-sha256': 'HMAC-SHA256', ed25519: 'Ed25519' } as const;

const codeClass = 'block w-fit max-w-full rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all';

/** What an endpoint is: its URL and description, whether it is on, how it signs (or the chat app it posts to), and when it was added. */
export function EndpointSummary({ endpoint, urlId }: { endpoint: TWebhookEndpoint; urlId: string }) {
  const { t } = useTranslation('webhooks');
  const dates = useDateFormat();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <h3 id={urlId} translate="no" dir="ltr" className="font-mono text-base font-semibold break-all">
        {endpoint.url}
      </h3>
      <p className={endpoint.description ? 'break-words' : 'text-sm text-muted-foreground'}>
        {endpoint.description || t('list.noDescription')}
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={endpoint.enabled ? 'success' : 'muted'}>
          {endpoint.enabled ? t('list.enabledBadge') : t('list.disabledBadge')}
        </Badge>
        <Badge variant="accent">
          {endpoint.format === 'standard'
            ? t('list.signingLabel', { method: SIGNING_NAMES[endpoint.signing] })
            : t('list.chatLabel', { app: t(`chatApps.${endpoint.format}.label`) })}
        </Badge>
        <span className="text-sm text-muted-foreground">{t('list.created', { date: dates.dateTime(endpoint.createdAt) })}</span>
      </div>
    </div>
  );
}

/** The events sent to the endpoint: "All events", or each event's name. */
export function EndpointEvents({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const all = FAX_EVENT_TYPES.every((event) => endpoint.events.includes(event));
  return (
    <ul aria-label={t('list.eventsLabel', { url: endpoint.url })} className="flex flex-wrap gap-1.5">
      {all ? (
        <li>
          <Badge variant="accent">{t('list.allEvents')}</Badge>
        </li>
      ) : (
        endpoint.events.map((event) => (
          <li key={event}>
            <Badge variant="accent" translate="no" className="font-mono">
              {event}
            </Badge>
          </li>
        ))
      )}
    </ul>
  );
}

/**
 * What the owner must know or do: an endpoint turned off by Faxline after five days of failures (with the reason),
 * one failing now, the public key of an Ed25519 endpoint, a previous secret that still signs.
 */
export function EndpointNotes({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const dates = useDateFormat();
  const date = dates.dateTime;
  const previousUntil = endpoint.previousSecretExpiresAt;
  return (
    <>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <div className="flex gap-3 rounded-md border border-destructive/60 bg-destructive/5 p-3 text-sm">
          <XCircleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <div className="flex min-w-0 flex-col gap-1">
            {/* The stored reason is the API's English record; the page says the same in the reader's language. */}
            <p className="font-semibold">{t('list.disabledByFaxline', WEBHOOK_PERIODS)}</p>
            <p className="text-muted-foreground">{t('list.disabledHint')}</p>
          </div>
        </div>
      ) : null}
      {endpoint.enabled && endpoint.failingSince ? (
        <p className="rounded-md border border-amber-600/60 bg-amber-50 p-3 text-sm text-amber-950">
          {t('list.failingSince', { ...WEBHOOK_PERIODS, date: date(endpoint.failingSince) })}
        </p>
      ) : null}
      {endpoint.publicKey ? (
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-sm font-medium">{t('list.publicKey')}</span>
          <code translate="no" className={codeClass}>
            {endpoint.publicKey}
          </code>
        </div>
      ) : null}
      {previousUntil && new Date(previousUntil) > new Date() ? (
        <p className="text-sm text-muted-foreground">{t('list.previousSecret', { date: date(previousUntil) })}</p>
      ) : null}
    </>
  );
}
