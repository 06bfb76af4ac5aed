import type { TWebhookEndpoint, TWebhookEndpointsResponse, TWebhookSecretResponse } from '@faxline/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CountedList } from '@/components/ui/counted-list';

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
  const number = new Intl.NumberFormat(i18n.language);

  // Focus goes back to the button that opened the dialog, or to the heading once its endpoint is gone.
  const focusBack = () => (asking?.trigger.isConnected ? asking.trigger : heading.current)?.focus();
  const close = () => setAsking(null);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <CountedList
        title={t('list.title')}
        count={t('list.count', { used: number.format(list.endpoints.length), max: number.format(list.max) })}
        empty={t('list.empty')}
        isEmpty={list.endpoints.length === 0}
        headingRef={heading}
        listClassName="flex min-w-0 flex-col gap-4"
      >
        {list.endpoints.map((endpoint) => (
          <WebhookEndpointItem
            key={endpoint.id}
            endpoint={endpoint}
            onAsk={(action, trigger) => setAsking({ action, endpoint, trigger })}
          />
        ))}
      </CountedList>
      {asking?.action === 'delete' ? <DeleteWebhookDialog endpoint={asking.endpoint} onClose={close} returnFocus={focusBack} /> : null}
      {asking?.action === 'rotate' ? (
        <RotateSecretDialog endpoint={asking.endpoint} onClose={close} onRotated={(rotated) => onRotated(rotated, asking.trigger)} />
      ) : null}
      {asking?.action === 'edit' ? <EditWebhookDialog endpoint={asking.endpoint} onClose={close} /> : null}
    </div>
  );
}
