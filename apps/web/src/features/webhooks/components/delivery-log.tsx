import type { TWebhookEndpoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { DELIVERY_LOG_POLL_MS, useWebhookMessages } from '../api/get-webhook-messages';

import { DeliveryMessage } from './delivery-message';

type TDeliveryLogProps = { id: string; endpoint: TWebhookEndpoint };

/**
 * The endpoint's delivery log, fetched when opened and asked again every 5 seconds while it stays open: each message
 * with its status and every try, and "Send again".
 */
export function DeliveryLog({ id, endpoint }: TDeliveryLogProps) {
  const { t } = useTranslation('webhooks');
  const messages = useWebhookMessages(endpoint.id);
  const titleId = `${id}-title`;

  return (
    <section id={id} aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-md border bg-muted/30 p-3 sm:p-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <h4 id={titleId} className="font-semibold break-all">
          {t('log.title', { url: endpoint.url })}
        </h4>
        <p className="text-sm text-muted-foreground">{t('log.hint', { seconds: DELIVERY_LOG_POLL_MS / 1000 })}</p>
      </div>
      {messages.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('log.loading')}
        </p>
      ) : messages.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm font-medium">{t('log.loadFailed')}</p>
          {messages.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{messages.error.message}</p> : null}
          <Button type="button" size="sm" variant="outline" onClick={() => void messages.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : messages.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('log.empty')}</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
          {messages.data.messages.map((message) => (
            <DeliveryMessage key={message.id} endpointId={endpoint.id} message={message} />
          ))}
        </ol>
      )}
    </section>
  );
}
