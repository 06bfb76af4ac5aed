import type { TWebhookEndpoint, TWebhookEndpointsResponse, TWebhookSecretResponse } from '@faxline/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { WebhookEndpointItem, type TEndpointAction } from './webhook-endpoint-item';

type TAsking = { action: TEndpointAction; endpoint: TWebhookEndpoint; trigger: HTMLButtonElement };

type TWebhooksListProps = {
  list: TWebhookEndpointsResponse;
  /** A rotation's new secret, for the one time it is shown, and the button to focus after it. */
  onRotated: (rotated: TWebhookSecretResponse, trigger: HTMLButtonElement) => void;
};

/** The account's endpoints (as the server orders them), how many of the allowed ones are used, and their dialogs. */
export function WebhooksList({ list, onRotated }: TWebhooksListProps) {
  const { t, i18n } = useTranslation('webhooks');
  const [asking, setAsking] = useState<TAsking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const number = new Intl.NumberFormat(i18n.language);

  // Focus goes back to the button that opened the dialog, or to the heading once its endpoint is gone.
  const focusBack = () => (asking?.trigger.isConnected ? asking.trigger : heading.current)?.focus();
  const close = () => setAsking(null);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          {t('list.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('list.count', { used: number.format(list.endpoints.length), max: number.format(list.max) })}
        </p>
      </div>
      {list.endpoints.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
          {list.endpoints.map((endpoint) => (
            <WebhookEndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onAsk={(action, trigger) => setAsking({ action, endpoint, trigger })}
            />
          ))}
        </ul>
      )}
      {asking?.action === 'delete' ? <DeleteWebhookDialog endpoint={asking.endpoint} onClose={close} returnFocus={focusBack} /> : null}
      {asking?.action === 'rotate' ? (
        <RotateSecretDialog endpoint={asking.endpoint} onClose={close} onRotated={(rotated) => onRotated(rotated, asking.trigger)} />
      ) : null}
      {asking?.action === 'edit' ? <EditWebhookDialog endpoint={asking.endpoint} onClose={close} /> : null}
    </div>
  );
}
