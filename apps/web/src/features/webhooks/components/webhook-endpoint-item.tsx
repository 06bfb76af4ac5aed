import type { TWebhookEndpoint } from '@faxline/shared';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ChevronDownIcon, ChevronUpIcon } from '@/components/ui/icons';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

import { DeliveryLog } from './delivery-log';
import { EndpointEvents, EndpointNotes, EndpointSummary } from './webhook-endpoint-details';

/** What a button of the endpoint asks its list to open. */
export type TEndpointAction = 'edit' | 'rotate' | 'delete';

type TWebhookEndpointItemProps = {
  endpoint: TWebhookEndpoint;
  onAsk: (action: TEndpointAction, trigger: HTMLButtonElement) => void;
};

/** One endpoint: what it is and its state, the on/off switch, its actions and its delivery log (opened on demand). */
export function WebhookEndpointItem({ endpoint, onAsk }: TWebhookEndpointItemProps) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const id = useId();
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook();
  const sendTest = useSendTestWebhook();
  const { url } = endpoint;
  const failed = (title: string, error: unknown) =>
    toast({ title, description: error instanceof ApiError ? error.message : t('errors:api.unknown'), variant: 'destructive' });

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, changes: { enabled } },
      {
        onSuccess: () =>
          toast({
            title: t('toasts.savedTitle'),
            description: t(enabled ? 'toasts.enabledDescription' : 'toasts.disabledDescription', { url }),
          }),
        onError: (error) => failed(t('toasts.saveFailedTitle'), error),
      },
    );

  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        // The log opens (or stays open) and is asked again, so the test's outcome shows up in it.
        setLogOpen(true);
        toast({ title: t('toasts.testSentTitle'), description: t('toasts.testSentDescription', { url }) });
      },
      onError: (error) => failed(t('toasts.testFailedTitle'), error),
    });

  const ask = (action: TEndpointAction) => (event: MouseEvent<HTMLButtonElement>) => onAsk(action, event.currentTarget);
  // While the change is on its way the switch shows what was asked for.
  const enabled = update.isPending && update.variables.changes.enabled !== undefined ? update.variables.changes.enabled : endpoint.enabled;
  const logId = `${id}-log`;
  const LogIcon = logOpen ? ChevronUpIcon : ChevronDownIcon;

  return (
    <li aria-labelledby={`${id}-url`} className="flex min-w-0 flex-col gap-4 rounded-lg border p-4">
      <EndpointSummary endpoint={endpoint} urlId={`${id}-url`} />
      <EndpointEvents endpoint={endpoint} />
      <EndpointNotes endpoint={endpoint} />
      <SettingSwitch
        id={`${id}-enabled`}
        label={
          <>
            <span aria-hidden="true">{t('list.enabled')}</span>
            <span className="sr-only">{t('list.enabledFor', { url })}</span>
          </>
        }
        description={t('list.enabledHint')}
        checked={enabled}
        onChange={setEnabled}
        disabled={update.isPending}
      />
      <div role="group" aria-label={t('list.actionsLabel', { url })} className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={test} disabled={sendTest.isPending}>
          {sendTest.isPending ? t('list.sendingTest') : t('list.sendTest')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen((open) => !open)}
        >
          {t('list.showLog')}
          <LogIcon aria-hidden="true" className="size-4" />
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={ask('edit')}>
          {t('list.edit')}
        </Button>
        {endpoint.format === 'standard' ? (
          <Button type="button" size="sm" variant="outline" onClick={ask('rotate')}>
            {t('list.rotate')}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={ask('delete')}>
          {t('list.delete')}
        </Button>
      </div>
      {logOpen ? <DeliveryLog id={logId} endpoint={endpoint} /> : null}
    </li>
  );
}
